/// Loads the conversation from the network it was handed.
public final class MessageLoader {
    let network: any NetworkClient

    public init(network: any NetworkClient) {
        self.network = network
    }

    /// Every message, oldest first.
    public func load() throws -> [Message] {
        try network.fetchMessages()
            .sorted { $0.sentAt.timeIntervalSince1970.rounded(.down) < $1.sentAt.timeIntervalSince1970.rounded(.down) }
    }
}
