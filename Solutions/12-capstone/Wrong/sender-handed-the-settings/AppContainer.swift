public final class AppContainer {
    let network: any NetworkClient
    let clock: any AppClock
    let settings: Settings
    public init(network: any NetworkClient, clock: any AppClock, userName: String) {
        self.network = network; self.clock = clock
        settings = Settings(); settings.userName = userName
    }
    public init(network: any NetworkClient, clock: any AppClock, settings: Settings) { self.network = network; self.clock = clock; self.settings = settings }
    public convenience init() { self.init(network: NetworkManager(), clock: SystemClock(), settings: Settings.standard) }
    public func makeMessageLoader() -> MessageLoader { MessageLoader(network: network) }
    public func makeMessageSender() -> MessageSender { MessageSender(network: network, clock: clock, settings: settings) }
    public func makeMessageList() -> MessageListScreen { MessageListScreen(loader: makeMessageLoader(), sender: makeMessageSender()) }
}
