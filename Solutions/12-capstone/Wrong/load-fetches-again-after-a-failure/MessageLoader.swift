/// Loads the conversation from the network it was handed.
public final class MessageLoader {
    let network: any NetworkClient

    public init(network: any NetworkClient) {
        self.network = network
    }

    /// Every message, oldest first. A fetch that fails gets one more try: a
    /// dropped connection often comes straight back.
    public func load() throws -> [Message] {
        let messages: [Message]
        do {
            messages = try network.fetchMessages()
        } catch {
            messages = try network.fetchMessages()
        }
        return messages.sorted { $0.sentAt < $1.sentAt }
    }
}
