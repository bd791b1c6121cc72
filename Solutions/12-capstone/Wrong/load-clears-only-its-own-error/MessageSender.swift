/// Sends the user's messages through the network it was handed, stamped by
/// the clock it was handed and signed with the author name it was given (a
/// plain value: the sender does not need to know where settings live).
public final class MessageSender {
    let network: any NetworkClient
    private let clock: any AppClock
    private let author: String

    public init(network: any NetworkClient, clock: any AppClock, author: String) {
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
