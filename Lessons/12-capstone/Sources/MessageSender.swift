import Foundation

/// Sends the user's messages.
///
/// Why it hurts: a singleton that reaches for two more. It posts through
/// `NetworkManager.shared`, signs with `Settings.standard.userName` and stamps
/// each message with `Date()`, the real time, so a test can neither see what
/// was posted, nor choose the author, nor know the time a message will carry.
public final class MessageSender {
    nonisolated(unsafe) public static let shared = MessageSender()

    public init() {}

    /// Posts a message with the user's name and the current time, and returns it.
    public func send(_ text: String) throws -> Message {
        let message = Message(author: Settings.standard.userName, text: text, sentAt: Date())
        try NetworkManager.shared.post(message)
        return message
    }
}
