/// Wrong on purpose: the sender is handed its network and the author name,
/// but builds its own SystemClock, so a test cannot choose the time a
/// message carries.
public final class MessageSender {
    let network: any NetworkClient
    private let clock: any AppClock = SystemClock()
    private let author: String

    public init(network: any NetworkClient, author: String) {
        self.network = network
        self.author = author
    }

    /// Posts a message with the author's name and the clock's time, and returns it.
    public func send(_ text: String) throws -> Message {
        let message = Message(author: author, text: text, sentAt: clock.now())
        try network.post(message)
        return message
    }
}
