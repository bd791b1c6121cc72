public final class MessageSender {
    let network: any NetworkClient
    private let clock: any AppClock
    private let settings: Settings
    public init(network: any NetworkClient, clock: any AppClock, settings: Settings) {
        self.network = network; self.clock = clock; self.settings = settings
    }
    public func send(_ text: String) throws -> Message {
        let message = Message(author: settings.userName, text: text, sentAt: clock.now())
        try network.post(message)
        return message
    }
}
