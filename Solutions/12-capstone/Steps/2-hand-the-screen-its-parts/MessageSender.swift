/// Sends the user's messages through a network, a clock and an author name it
/// is handed. For now each has a default that reaches for the old global, so
/// `MessageSender.shared` and every caller keep working unchanged.
public final class MessageSender {
    nonisolated(unsafe) public static let shared = MessageSender()

    let network: any NetworkClient
    private let clock: any AppClock
    private let author: String

    public init(
        network: any NetworkClient = NetworkManager.shared,
        clock: any AppClock = SystemClock(),
        author: String = Settings.standard.userName
    ) {
        self.network = network
        self.clock = clock
        self.author = author
    }

    /// Posts a message with the author's name and the clock's time, and returns it.
    public func send(_ text: String) throws -> Message {
        let message = Message(author: author, text: text, sentAt: clock.now())
        try network.post(message)
        return message
    }
}
