import Foundation

/// Wrong on purpose: the sender is handed its network, but still stamps
/// messages with `Date()` and signs them with `Settings.standard.userName`.
/// It compiles against the tests; the tests must reject it.
public final class MessageSender {
    let network: any NetworkClient

    public init(network: any NetworkClient) {
        self.network = network
    }

    public func send(_ text: String) throws -> Message {
        let message = Message(author: Settings.standard.userName, text: text, sentAt: Date())
        try network.post(message)
        return message
    }
}
