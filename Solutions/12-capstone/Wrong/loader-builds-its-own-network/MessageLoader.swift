/// Wrong on purpose: `NetworkManager.shared` is gone, but the loader makes
/// a `NetworkManager()` of its own instead of being handed the app's one.
public final class MessageLoader {
    let network: any NetworkClient = NetworkManager()

    public init() {}

    /// Every message, oldest first.
    public func load() throws -> [Message] {
        try network.fetchMessages()
            .sorted { $0.sentAt < $1.sentAt }
    }
}
