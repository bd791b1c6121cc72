import Foundation
import Testing
@testable import Capstone

/// A fake network: returns the messages a test chooses (or fails), and keeps
/// what is posted so a test can look at it.
final class FakeNetwork: NetworkClient {
    var messages: [Message]
    var failure: NetworkError?
    private(set) var fetches = 0
    private(set) var posted: [Message] = []

    init(messages: [Message] = [], failure: NetworkError? = nil) {
        self.messages = messages
        self.failure = failure
    }

    func fetchMessages() throws -> [Message] {
        fetches += 1
        if let failure { throw failure }
        return messages
    }

    func post(_ message: Message) throws {
        if let failure { throw failure }
        posted.append(message)
    }
}

/// A clock stopped at one moment.
struct FixedClock: AppClock {
    let date: Date

    func now() -> Date {
        date
    }
}

/// A clock a test moves forward by hand. Only the test's own thread touches
/// it; `@unchecked Sendable` lets it conform to an `AppClock` declared `Sendable`.
final class ManualClock: AppClock, @unchecked Sendable {
    var current: Date

    init(_ start: Date) {
        current = start
    }

    func now() -> Date {
        current
    }
}

private let lightsOut = Date(timeIntervalSince1970: 1_720_000_000)
private let chequeredFlag = Date(timeIntervalSince1970: 1_720_005_400)

@Suite("Capstone: the message app", .serialized)
struct MessageAppTests {
    @Test("loading shows the fake network's messages, oldest first")
    func loadingShowsTheNetworksMessages() {
        let network = FakeNetwork(messages: [
            Message(author: "Ana", text: "Box, box.", sentAt: lightsOut.addingTimeInterval(120)),
            Message(author: "Ben", text: "Tyres?", sentAt: lightsOut),
            Message(author: "Cy", text: "Mediums.", sentAt: lightsOut.addingTimeInterval(60)),
        ])
        let screen = AppContainer(network: network, clock: FixedClock(date: lightsOut), userName: "Kimi").makeMessageList()
        screen.load()
        #expect(network.fetches == 1, "load() should fetch from the network handed to AppContainer(network:clock:userName:) exactly once; the fake was asked \(network.fetches) time(s). Does the screen get a loader that uses that network, instead of NetworkManager.shared?")
        #expect(screen.rows == ["Ben: Tyres?", "Cy: Mediums.", "Ana: Box, box."], "The fake network holds three messages; the screen should show them oldest first as \"author: text\", but rows are \(screen.rows).")
        #expect(screen.errorText == nil, "A load that works should leave errorText nil, not \(String(describing: screen.errorText)).")
    }

    @Test("sending posts through the fake network, with the fake clock's time and the given user name")
    func sendingUsesTheFakes() {
        let network = FakeNetwork()
        let screen = AppContainer(network: network, clock: FixedClock(date: lightsOut), userName: "Kimi").makeMessageList()
        screen.send("Gap to the car behind?")
        #expect(network.posted == [Message(author: "Kimi", text: "Gap to the car behind?", sentAt: lightsOut)], "send(_:) should post exactly one message to the fake network, signed \"Kimi\" (the userName handed to AppContainer) and stamped with the fake clock's time. The network received: \(network.posted). Look for Date(), Settings.standard or NetworkManager.shared in MessageSender.")
        #expect(screen.rows == ["Kimi: Gap to the car behind?"], "After sending, the screen should show the sent message as a row; rows are \(screen.rows).")
    }

    @Test("two clocks and two user names give two different messages")
    func twoClocksTwoMessages() {
        let early = FakeNetwork()
        let late = FakeNetwork()
        AppContainer(network: early, clock: FixedClock(date: lightsOut), userName: "Kimi").makeMessageList().send("Push now.")
        AppContainer(network: late, clock: FixedClock(date: chequeredFlag), userName: "Lewis").makeMessageList().send("Push now.")
        #expect(early.posted.map(\.sentAt) == [lightsOut] && late.posted.map(\.sentAt) == [chequeredFlag], "Each app should stamp its message with the time of its own clock (one at lights out, one at the chequered flag), but they carried \(early.posted.map(\.sentAt)) and \(late.posted.map(\.sentAt)). The sender must ask the clock it was handed, not Date().")
        #expect(early.posted.map(\.author) == ["Kimi"] && late.posted.map(\.author) == ["Lewis"], "Each app should sign with the userName it was built with (\"Kimi\", \"Lewis\"), but the authors were \(early.posted.map(\.author)) and \(late.posted.map(\.author)).")
    }

    @Test("each message is stamped with the clock's time at the moment it is sent")
    func eachMessageAsksTheClock() {
        let network = FakeNetwork()
        let clock = ManualClock(lightsOut)
        let screen = AppContainer(network: network, clock: clock, userName: "Kimi").makeMessageList()
        clock.current = lightsOut.addingTimeInterval(30)
        screen.send("Box this lap.")
        clock.current = lightsOut.addingTimeInterval(95)
        screen.send("Staying out.")
        let stamps = network.posted.map { $0.sentAt.timeIntervalSince(lightsOut) }
        #expect(stamps == [30, 95], "The screen was made at lights out; then the clock moved to 30 s, and later to 95 s, after lights out, each time just before send(_:). The two posted messages should carry those times, but they carry \(stamps) s after lights out. Hand the sender the clock itself and ask it for now() inside send(_:), when the message is sent, not once when the sender is made.")
    }

    @Test("a failing network shows an error text and no stale rows")
    func failingNetworkShowsAnError() {
        let network = FakeNetwork(messages: [Message(author: "Ana", text: "Box, box.", sentAt: lightsOut)])
        let screen = AppContainer(network: network, clock: FixedClock(date: lightsOut), userName: "Kimi").makeMessageList()
        screen.load()
        network.failure = .offline
        screen.load()
        #expect(screen.errorText == "Could not load messages.", "When the network throws, load() should set errorText to \"Could not load messages.\"; it is \(String(describing: screen.errorText)). Is the screen's loader using the network handed to AppContainer?")
        #expect(screen.rows.isEmpty, "When loading fails, the screen should show no rows; it shows \(screen.rows).")
        screen.send("Anyone there?")
        #expect(screen.errorText == "Could not send your message.", "When posting throws, send(_:) should set errorText to \"Could not send your message.\"; it is \(String(describing: screen.errorText)).")
        #expect(screen.rows.isEmpty && network.posted.isEmpty, "A message that could not be sent should not appear as a row, and the fake network should have received nothing; rows are \(screen.rows), posted: \(network.posted).")
    }

    @Test("the composition root hands one network client to the loader and the sender")
    func oneSharedNetworkClient() {
        let network = FakeNetwork()
        let app = AppContainer(network: network, clock: FixedClock(date: lightsOut), userName: "Kimi")
        #expect(app.makeMessageLoader().network === network, "The loader made by AppContainer should use the very network object the container was handed (===).")
        #expect(app.makeMessageSender().network === network, "The sender made by AppContainer should use the very network object the container was handed (===).")

        let live = AppContainer()
        let loaderNetwork = live.makeMessageLoader().network
        let senderNetwork = live.makeMessageSender().network
        #expect(loaderNetwork === senderNetwork, "The live AppContainer() should make one network client and give that same instance (===) to every loader and sender. Keep it in a stored `let`, not a computed property that builds a new NetworkManager each time.")
        #expect(live.makeMessageLoader().network === loaderNetwork, "Two loaders made by one AppContainer() should share one network client (===).")
        #expect(AppContainer().makeMessageLoader().network !== loaderNetwork, "Two live apps, AppContainer() and AppContainer(), share one network client. Each live container should make a NetworkManager() of its own in init(), not use NetworkManager.shared or keep the network in a static.")
    }

    @Test("the live app shows a message it sent after reloading")
    func liveAppRoundTrip() {
        let screen = AppContainer().makeMessageList()
        screen.load()
        let before = screen.rows.count
        screen.send("Copy, pitting this lap.")
        screen.load()
        #expect(screen.rows.count == before + 1, "In the live app, a message sent and then reloaded should add one row (\(before) before, \(screen.rows.count) after). The loader and the sender must share one network connection.")
        #expect(screen.rows.last?.hasSuffix(": Copy, pitting this lap.") == true, "After sending and reloading, the newest row should be the sent message; rows are \(screen.rows).")
        #expect(screen.errorText == nil, "The live app should not show an error; errorText is \(String(describing: screen.errorText)).")
    }

    @Test("an app wired with fakes never touches NetworkManager.shared or Settings.standard")
    func singletonTripwires() {
        let networkReads = NetworkManager.sharedAccessCount
        let settingsReads = Settings.standardAccessCount
        let network = FakeNetwork(messages: [Message(author: "Ana", text: "Box, box.", sentAt: lightsOut)])
        let screen = AppContainer(network: network, clock: FixedClock(date: lightsOut), userName: "Kimi").makeMessageList()
        screen.load()
        screen.send("Copy.")
        let networkDelta = NetworkManager.sharedAccessCount - networkReads
        let settingsDelta = Settings.standardAccessCount - settingsReads
        #expect(networkDelta == 0, "The app read NetworkManager.shared \(networkDelta) time(s) although it was handed a network. Remove every NetworkManager.shared from the loader, the sender and the screen.")
        #expect(settingsDelta == 0, "The app read Settings.standard \(settingsDelta) time(s) although it was handed a user name. Only the live AppContainer() may read the settings.")
    }

    @Test("the screen holds its loader and sender, not the container")
    func screenDoesNotHoldTheContainer() {
        let network = FakeNetwork(messages: [])
        let app = AppContainer(network: network, clock: FixedClock(date: Date(timeIntervalSince1970: 1_800_000_000)), userName: "Kimi")
        let screen = app.makeMessageList()
        #expect(!reaches(screen, anything: { $0 is AppContainer }), "MessageListScreen holds the AppContainer (directly, behind a protocol of your own, or inside something it keeps) and asks it for a loader and a sender: a service locator. Hand the screen its loader and its sender themselves, and keep nothing else.")
        screen.send("Box this lap.")
        #expect(network.posted.map(\.text) == ["Box this lap."], "The screen made by the container should send through the container's network; the fake network received \(network.posted.map(\.text)).")
    }
}

/// Whether `subject`, or anything it stores (a few levels deep), passes `test`.
func reaches(_ subject: Any, anything test: (Any) -> Bool, depth: Int = 4) -> Bool {
    for child in Mirror(reflecting: subject).children {
        if test(child.value) { return true }
        if depth > 1, reaches(child.value, anything: test, depth: depth - 1) { return true }
    }
    return false
}
