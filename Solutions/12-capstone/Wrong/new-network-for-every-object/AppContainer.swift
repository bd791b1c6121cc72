/// Wrong on purpose: the live container makes a new network connection every
/// time it is asked for one (a computed property), so the loader and the
/// sender talk to two different servers. It compiles against the tests; the
/// tests must reject it.
public final class AppContainer {
    private let chosenNetwork: (any NetworkClient)?
    private let clock: any AppClock
    private let userName: String

    private var network: any NetworkClient {
        chosenNetwork ?? NetworkManager()
    }

    public init(network: any NetworkClient, clock: any AppClock, userName: String) {
        self.chosenNetwork = network
        self.clock = clock
        self.userName = userName
    }

    public init() {
        self.chosenNetwork = nil
        self.clock = SystemClock()
        self.userName = Settings.standard.userName
    }

    public func makeMessageList() -> MessageListScreen {
        MessageListScreen(loader: makeMessageLoader(), sender: makeMessageSender())
    }

    func makeMessageLoader() -> MessageLoader {
        MessageLoader(network: network)
    }

    func makeMessageSender() -> MessageSender {
        MessageSender(network: network, clock: clock, author: userName)
    }
}
