import Foundation

/// Wrong on purpose: "inject values as values" taken one step too far. The
/// sender is handed a time instead of a clock, so every message it sends
/// carries the moment the sender was built, not the moment it was sent. It
/// compiles against the tests; the tests must reject it.
public final class MessageSender {
    let network: any NetworkClient
    private let sentAt: Date
    private let author: String

    public init(network: any NetworkClient, sentAt: Date, author: String) {
        self.network = network
        self.sentAt = sentAt
        self.author = author
    }

    public func send(_ text: String) throws -> Message {
        let message = Message(author: author, text: text, sentAt: sentAt)
        try network.post(message)
        return message
    }
}
