/// Loads the conversation from a network it is handed, for now with the
/// singleton as the default, so `MessageLoader()` still works everywhere.
public final class MessageLoader {
    let network: any NetworkClient

    public init(network: any NetworkClient = NetworkManager.shared) {
        self.network = network
    }

    /// Every message, oldest first.
    public func load() throws -> [Message] {
        try network.fetchMessages()
            .sorted { $0.sentAt < $1.sentAt }
    }
}
