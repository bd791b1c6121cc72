public final class MessageSender {
    let network: any NetworkClient
    private let clock: any AppClock
    private let userName: String
    public init(network: any NetworkClient, clock: any AppClock, userName: String) {
        self.network = network; self.clock = clock; self.userName = userName
    }
    public func send(_ text: String) throws -> Message {
        let message = Message(author: userName, text: text, sentAt: clock.now())
        try network.post(message)
        return message
    }
}
