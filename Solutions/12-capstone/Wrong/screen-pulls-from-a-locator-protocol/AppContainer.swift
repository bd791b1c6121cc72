public final class AppContainer: MessageDependencies {
    let network: any NetworkClient
    let clock: any AppClock
    let userName: String
    public init(network: any NetworkClient, clock: any AppClock, userName: String) { self.network = network; self.clock = clock; self.userName = userName }
    public convenience init() { self.init(network: NetworkManager(), clock: SystemClock(), userName: Settings.standard.userName) }
    public func makeMessageLoader() -> MessageLoader { MessageLoader(network: network) }
    public func makeMessageSender() -> MessageSender { MessageSender(network: network, clock: clock, userName: userName) }
    public func makeMessageList() -> MessageListScreen { MessageListScreen(dependencies: self) }
}
