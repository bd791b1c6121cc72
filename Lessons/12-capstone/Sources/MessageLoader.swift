/// Loads the conversation from the server.
///
/// Why it hurts: the loader talks to `NetworkManager.shared`. A test cannot
/// hand it a network that returns chosen messages, or one that is offline.
public final class MessageLoader {
    public init() {}

    /// Every message, oldest first.
    public func load() throws -> [Message] {
        try NetworkManager.shared.fetchMessages()
            .sorted { $0.sentAt < $1.sentAt }
    }
}
