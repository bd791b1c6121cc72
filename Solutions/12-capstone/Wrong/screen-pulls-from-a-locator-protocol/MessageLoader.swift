public final class MessageLoader {
    let network: any NetworkClient
    public init(network: any NetworkClient) { self.network = network }
    public func load() throws -> [Message] { try network.fetchMessages().sorted { $0.sentAt < $1.sentAt } }
}
