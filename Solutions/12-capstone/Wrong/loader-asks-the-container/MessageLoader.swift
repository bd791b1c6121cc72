/// Loads the conversation from the network it was handed.
public final class MessageLoader {
    private let currentNetwork: () -> any NetworkClient

    /// Asks for its network when it needs it.
    public init(network currentNetwork: @escaping () -> any NetworkClient) {
        self.currentNetwork = currentNetwork
    }

    var network: any NetworkClient { currentNetwork() }

    /// Every message, oldest first.
    public func load() throws -> [Message] {
        try network.fetchMessages()
            .sorted { $0.sentAt < $1.sentAt }
    }
}
