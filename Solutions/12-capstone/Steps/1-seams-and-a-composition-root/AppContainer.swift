/// The composition root: the one place that knows how the app is put together.
///
/// It holds what lives as long as the app (one network connection, one
/// clock, the user's name) and makes the objects that use them.
///
/// Step 1: it makes loaders and senders from its parts, but the screen cannot
/// be handed them yet: `makeMessageList()` still opens the old screen, which
/// builds its own loader and reaches for `MessageSender.shared`.
public final class AppContainer {
    private let network: any NetworkClient
    private let clock: any AppClock
    private let userName: String

    /// Wires the app with the parts you choose (a test hands in fakes).
    public init(network: any NetworkClient, clock: any AppClock, userName: String) {
        self.network = network
        self.clock = clock
        self.userName = userName
    }

    /// Wires the real app: a network connection of its own, the system clock,
    /// and the user name from the settings.
    public convenience init() {
        self.init(network: NetworkManager(), clock: SystemClock(), userName: Settings.standard.userName)
    }

    /// The screen the app opens with. (For now the screen gathers its own parts.)
    public func makeMessageList() -> MessageListScreen {
        MessageListScreen()
    }

    func makeMessageLoader() -> MessageLoader {
        MessageLoader(network: network)
    }

    func makeMessageSender() -> MessageSender {
        MessageSender(network: network, clock: clock, author: userName)
    }
}
