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

/// A network whose first post fails and whose later posts go through.
final class FlakyNetwork: NetworkClient {
    private(set) var postAttempts = 0
    private(set) var posted: [Message] = []

    func fetchMessages() throws -> [Message] { posted }

    func post(_ message: Message) throws {
        postAttempts += 1
        if postAttempts == 1 { throw NetworkError.offline }
        posted.append(message)
    }
}

/// A network whose messages others add to, whose posts join them, and which fails as the test says. It counts every
/// fetch and every post, the failed ones too, and at the fetches and posts a test names (counted from 0) it calls back
/// (`callBack`: a message sent through the screen while the screen is asking), once each, before it answers.
final class ScriptedNetwork: NetworkClient {
    var messages: [Message] = []
    /// Any error a network client may throw: the app's `NetworkError`, or one of another layer.
    var failure: (any Error)?
    private(set) var postAttempts = 0
    private(set) var fetchAttempts = 0
    var callBackAtFetch: Set<Int> = []
    var callBackAtPost: Set<Int> = []
    var callBack: (() -> Void)?

    func fetchMessages() throws -> [Message] {
        let fetch = fetchAttempts
        fetchAttempts += 1
        if callBackAtFetch.remove(fetch) != nil { callBack?() }
        if let failure { throw failure }
        return messages
    }

    func post(_ message: Message) throws {
        let post = postAttempts
        postAttempts += 1
        if callBackAtPost.remove(post) != nil { callBack?() }
        if let failure { throw failure }
        messages.append(message)
    }
}

/// An error of another layer than the app's network (a radio link, say): a failed load all the same.
struct RadioJammed: Error {}

/// A small, seeded generator (SplitMix64): the same seed gives the same sessions everywhere.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
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
/// It counts its reads, and at the reads a test names (counted from 0) it calls back (`callBack`), once each, before
/// it answers.
final class ManualClock: AppClock, @unchecked Sendable {
    var current: Date
    private(set) var reads = 0
    var callBackAt: Set<Int> = []
    var callBack: (() -> Void)?

    init(_ start: Date) {
        current = start
    }

    func now() -> Date {
        let read = reads
        reads += 1
        if callBackAt.remove(read) != nil { callBack?() }
        return current
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
        #expect(network.fetches == 1, "load() should fetch from the network handed to AppContainer(network:clock:userName:) exactly once; the fake was asked \(network.fetches) time\(network.fetches == 1 ? "" : "s"). Does the screen get a loader that uses that network, instead of NetworkManager.shared? [zh-Hans] load() 应该从交给 AppContainer(network:clock:userName:) 的网络获取一次；假网络被请求了 \(network.fetches) 次。界面拿到的加载器用的是那个网络，而不是 NetworkManager.shared 吗？")
        #expect(screen.rows == ["Ben: Tyres?", "Cy: Mediums.", "Ana: Box, box."], "The fake network holds three messages; the screen should show them oldest first as \"author: text\", but rows are \(screen.rows). [zh-Hans] 假网络中有三条消息；界面应该按从旧到新显示为 \"作者: 内容\"，但各行是 \(screen.rows)。")
        #expect(screen.errorText == nil, "A load that works should leave errorText nil, not \(String(describing: screen.errorText)). [zh-Hans] 加载成功时，errorText 应该保持为 nil，而不是 \(String(describing: screen.errorText))。")
    }

    @Test("messages a fraction of a second apart, given newest first, are shown oldest first; messages of the same moment keep the network's order")
    func subSecondOrder() {
        // Given newest first: 0.75 s, 0.5 s, 0.001 s and 0 s after lights out, then two of the same moment (Dan before Eve).
        let network = FakeNetwork(messages: [
            Message(author: "Ana", text: "Pit now.", sentAt: lightsOut.addingTimeInterval(0.75)),
            Message(author: "Ben", text: "Copy.", sentAt: lightsOut.addingTimeInterval(0.5)),
            Message(author: "Cy", text: "Gap?", sentAt: lightsOut.addingTimeInterval(0.001)),
            Message(author: "Dan", text: "Go.", sentAt: lightsOut),
            Message(author: "Eve", text: "Same.", sentAt: lightsOut),
        ])
        let screen = AppContainer(network: network, clock: FixedClock(date: lightsOut), userName: "Kimi").makeMessageList()
        screen.load()
        let expected = ["Dan: Go.", "Eve: Same.", "Cy: Gap?", "Ben: Copy.", "Ana: Pit now."]
        #expect(screen.rows == expected, "The network gave five messages newest first, a fraction of a second apart (0.75 s, 0.5 s, 0.001 s, then two at lights out); the screen should show them oldest first as \(expected), but rows are \(screen.rows). Compare the messages' sentAt dates themselves, not whole seconds or a formatted time, and keep messages of the same moment in the network's order. [zh-Hans] 网络按从新到旧给出五条消息，彼此只差几分之一秒（0.75 秒、0.5 秒、0.001 秒，然后两条在熄灯起步时）；界面应该按从旧到新显示为 \(expected)，但各行是 \(screen.rows)。直接比较消息的 sentAt 日期，不要按整秒或格式化后的时间比较，并让同一时刻的消息保持网络给出的顺序。")
    }

    @Test("sending posts through the fake network, with the fake clock's time and the given user name")
    func sendingUsesTheFakes() {
        let network = FakeNetwork()
        let screen = AppContainer(network: network, clock: FixedClock(date: lightsOut), userName: "Kimi").makeMessageList()
        screen.send("Gap to the car behind?")
        #expect(network.posted.map { "\($0.author)|\($0.text)|\($0.sentAt.timeIntervalSince1970)" } == ["Kimi|Gap to the car behind?|\(lightsOut.timeIntervalSince1970)"], "send(_:) should post exactly one message to the fake network, signed \"Kimi\" (the userName handed to AppContainer) and stamped with the fake clock's time. The network received: \(network.posted). Look for Date(), Settings.standard or NetworkManager.shared in MessageSender. [zh-Hans] send(_:) 应该向假网络发送一条消息，署名 \"Kimi\"（交给 AppContainer 的 userName），时间取自假时钟。网络收到的是：\(network.posted)。检查 MessageSender 中有没有 Date()、Settings.standard 或 NetworkManager.shared。")
        #expect(screen.rows == ["Kimi: Gap to the car behind?"], "After sending, the screen should show the sent message as a row; rows are \(screen.rows). [zh-Hans] 发送之后，界面应该把发出的消息显示为一行；各行是 \(screen.rows)。")
    }

    @Test("two clocks and two user names give two different messages")
    func twoClocksTwoMessages() {
        let early = FakeNetwork()
        let late = FakeNetwork()
        AppContainer(network: early, clock: FixedClock(date: lightsOut), userName: "Kimi").makeMessageList().send("Push now.")
        AppContainer(network: late, clock: FixedClock(date: chequeredFlag), userName: "Lewis").makeMessageList().send("Push now.")
        #expect(early.posted.map(\.sentAt) == [lightsOut] && late.posted.map(\.sentAt) == [chequeredFlag], "Each app should stamp its message with the time of its own clock (one at lights out, one at the chequered flag), but they carried \(early.posted.map(\.sentAt)) and \(late.posted.map(\.sentAt)). The sender must ask the clock it was handed, not Date(). [zh-Hans] 每个应用都应该用自己时钟的时间给消息盖时间戳（一个在熄灯起步时，一个在挥动方格旗时），但消息带的是 \(early.posted.map(\.sentAt)) 和 \(late.posted.map(\.sentAt))。发送器必须询问交给它的时钟，而不是 Date()。")
        #expect(early.posted.map(\.author) == ["Kimi"] && late.posted.map(\.author) == ["Lewis"], "Each app should sign with the userName it was built with (\"Kimi\", \"Lewis\"), but the authors were \(early.posted.map(\.author)) and \(late.posted.map(\.author)). [zh-Hans] 每个应用都应该用创建它时给的 userName 署名（\"Kimi\"、\"Lewis\"），但作者是 \(early.posted.map(\.author)) 和 \(late.posted.map(\.author))。")
    }

    @Test("every maker of the container uses what the container was handed: the sender it makes stamps with its clock and signs with its user name, and posts to its network")
    func everyMakerUsesTheContainersParts() throws {
        // The user name is text the container hands on as it is: empty, blank, padded or not Latin too.
        let names = ["Kimi", "Lewis", "", "   ", " Kimi ", "周冠宇", "kimi"]
        for (index, name) in names.enumerated() {
            let date = index.isMultiple(of: 2) ? lightsOut : chequeredFlag
            let network = FakeNetwork()
            let container = AppContainer(network: network, clock: FixedClock(date: date), userName: name)
            let message = try container.makeMessageSender().send("Copy.")
            let posted = network.posted.map { "\($0.author)|\($0.text)|\($0.sentAt.timeIntervalSince1970)" }
            let expected = "\(name)|Copy.|\(date.timeIntervalSince1970)"
            #expect(posted == [expected] && message.sentAt == date && message.author == name, "makeMessageSender() of a container built with a clock stopped at \(date) and the user name \"\(name)\" should make a sender that posts [\"\(expected)\"] to the container's network; it posted \(posted). Each maker hands on the parts the container was handed (its network, its clock, its user name, exactly as given, even empty or blank), not parts of its own. [zh-Hans] 用停在 \(date) 的时钟和用户名 \"\(name)\" 创建的容器，其 makeMessageSender() 造出的发送器应该向容器的网络发出 [\"\(expected)\"]；它发出的是 \(posted)。每个创建方法都把容器拿到的部件（它的网络、时钟、用户名，原样不变，即使是空的或只有空格）交下去，而不是用自己的部件。")
        }
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
        #expect(stamps == [30, 95], "The screen was made at lights out; then the clock moved to 30 s, and later to 95 s, after lights out, each time just before send(_:). The two posted messages should carry those times, but they carry \(stamps) s after lights out. Hand the sender the clock itself and ask it for now() inside send(_:), when the message is sent, not once when the sender is made. [zh-Hans] 界面在熄灯起步时创建；之后时钟先走到熄灯后 30 秒，再走到 95 秒，每次都在 send(_:) 之前。两条发出的消息应该带着这两个时间，但它们带的是熄灯后 \(stamps) 秒。把时钟本身交给发送器，在 send(_:) 中、发送消息时调用 now()，不要在创建发送器时只读一次。")
    }

    @Test("a failing network shows an error text and no stale rows")
    func failingNetworkShowsAnError() {
        let network = FakeNetwork(messages: [Message(author: "Ana", text: "Box, box.", sentAt: lightsOut)])
        let screen = AppContainer(network: network, clock: FixedClock(date: lightsOut), userName: "Kimi").makeMessageList()
        screen.load()
        network.failure = .offline
        screen.load()
        #expect(screen.errorText == "Could not load messages.", "When the network throws, load() should set errorText to \"Could not load messages.\"; it is \(String(describing: screen.errorText)). Is the screen's loader using the network handed to AppContainer? [zh-Hans] 网络抛出错误时，load() 应该把 errorText 设为 \"Could not load messages.\"；它是 \(String(describing: screen.errorText))。界面的加载器用的是交给 AppContainer 的网络吗？")
        #expect(screen.rows.isEmpty, "When loading fails, the screen should show no rows; it shows \(screen.rows). [zh-Hans] 加载失败时，界面不应该显示任何行；它显示的是 \(screen.rows)。")
        screen.send("Anyone there?")
        #expect(screen.errorText == "Could not send your message.", "When posting throws, send(_:) should set errorText to \"Could not send your message.\"; it is \(String(describing: screen.errorText)). [zh-Hans] 发送抛出错误时，send(_:) 应该把 errorText 设为 \"Could not send your message.\"；它是 \(String(describing: screen.errorText))。")
        #expect(screen.rows.isEmpty && network.posted.isEmpty, "A message that could not be sent should not appear as a row, and the fake network should have received nothing; rows are \(screen.rows), posted: \(network.posted). [zh-Hans] 没能发出的消息不应该显示为一行，假网络也不应该收到任何东西；各行是 \(screen.rows)，发送的是 \(network.posted)。")
    }

    @Test("two equal messages are two rows")
    func equalMessagesAreTwoRows() {
        let twice = Message(author: "Ana", text: "Box, box.", sentAt: lightsOut)
        let network = FakeNetwork(messages: [twice, twice, Message(author: "Ben", text: "Copy.", sentAt: lightsOut.addingTimeInterval(5))])
        let screen = AppContainer(network: network, clock: FixedClock(date: lightsOut), userName: "Kimi").makeMessageList()
        screen.load()
        #expect(screen.rows == ["Ana: Box, box.", "Ana: Box, box.", "Ben: Copy."], "The network holds three messages, two of them equal; load() shows one row per message, so the rows should be [\"Ana: Box, box.\", \"Ana: Box, box.\", \"Ben: Copy.\"], but they are \(screen.rows). Do not drop, merge or filter messages: show every message the network returns. [zh-Hans] 网络中有三条消息，其中两条相同；load() 为每条消息显示一行，所以各行应该是 [\"Ana: Box, box.\", \"Ana: Box, box.\", \"Ben: Copy.\"]，但实际是 \(screen.rows)。不要丢弃、合并或过滤消息：网络返回的每条消息都要显示。")
    }

    @Test("a send whose post fails is posted once, shows the error and adds no row")
    func failedPostIsTriedOnce() {
        let network = FlakyNetwork()
        let screen = AppContainer(network: network, clock: FixedClock(date: lightsOut), userName: "Kimi").makeMessageList()
        screen.send("Box now?")
        #expect(network.postAttempts == 1 && network.posted.isEmpty, "The first post fails: send(_:) should post once, report the failure and stop, but the network was asked to post \(network.postAttempts) times. Keep the behaviour: one post per send, no retry. [zh-Hans] 第一次发送失败：send(_:) 应该只发送一次，报告失败然后停下，但网络被要求发送了 \(network.postAttempts) 次。保持原有行为：每次 send 只发送一次，不要重试。")
        #expect(screen.rows.isEmpty && screen.errorText == "Could not send your message.", "When posting throws, no row is added and errorText is \"Could not send your message.\"; rows are \(screen.rows), errorText is \(String(describing: screen.errorText)). [zh-Hans] 发送抛出错误时不添加任何行，errorText 为 \"Could not send your message.\"；各行是 \(screen.rows)，errorText 是 \(String(describing: screen.errorText))。")
        screen.send("Box now?")
        #expect(network.postAttempts == 2 && screen.rows == ["Kimi: Box now?"] && screen.errorText == nil, "The second send goes through: it should post once more and add its row (\"Kimi: Box now?\"), and clear the error; posts: \(network.postAttempts), rows: \(screen.rows), errorText: \(String(describing: screen.errorText)). [zh-Hans] 第二次发送成功：它应该再发送一次并添加它的那一行（\"Kimi: Box now?\"），并清除错误；发送次数：\(network.postAttempts)，各行：\(screen.rows)，errorText：\(String(describing: screen.errorText))。")
    }

    @Test("a failed send keeps every row already on screen, loaded or sent, and adds none")
    func failedSendKeepsTheRows() {
        let network = FakeNetwork(messages: [Message(author: "Ana", text: "Box, box.", sentAt: lightsOut),
                                             Message(author: "Ben", text: "Copy.", sentAt: lightsOut)])
        let screen = AppContainer(network: network, clock: FixedClock(date: lightsOut), userName: "Kimi").makeMessageList()
        screen.load()
        screen.send("Pit this lap.")
        let before = screen.rows
        network.failure = .offline
        screen.send("Anyone there?")
        #expect(screen.rows == before, "Before the failed send the screen showed \(before); after it, it shows \(screen.rows). When posting throws, no row is added and the rows already shown stay as they were: only errorText changes. [zh-Hans] 发送失败之前界面显示的是 \(before)；失败之后显示的是 \(screen.rows)。发送抛出错误时不添加任何行，已经显示的行保持原样：只有 errorText 改变。")
        #expect(screen.errorText == "Could not send your message.", "errorText should be \"Could not send your message.\"; it is \(String(describing: screen.errorText)). [zh-Hans] errorText 应该是 \"Could not send your message.\"；它是 \(String(describing: screen.errorText))。")
    }

    @Test("a load that works clears the error text left by an earlier failure")
    func loadClearsAnEarlierError() {
        let network = FakeNetwork(messages: [Message(author: "Ana", text: "Box, box.", sentAt: lightsOut)], failure: .offline)
        let screen = AppContainer(network: network, clock: FixedClock(date: lightsOut), userName: "Kimi").makeMessageList()
        screen.load()
        #expect(screen.errorText == "Could not load messages.", "When the network throws, load() should set errorText to \"Could not load messages.\"; it is \(String(describing: screen.errorText)). [zh-Hans] 网络抛出错误时，load() 应该把 errorText 设为 \"Could not load messages.\"；它是 \(String(describing: screen.errorText))。")
        network.failure = nil
        screen.load()
        #expect(screen.errorText == nil, "The first load failed, then the network came back and load() worked, but errorText is still \"\(screen.errorText ?? "")\". A load that works clears errorText: set it to nil when loading succeeds, not only when it fails. [zh-Hans] 第一次加载失败了，之后网络恢复、load() 成功了，但 errorText 仍然是 \"\(screen.errorText ?? "")\"。加载成功时要清除 errorText：成功时把它设为 nil，而不是只在失败时设置它。")
        #expect(screen.rows == ["Ana: Box, box."], "After the network came back, load() should show its message; rows are \(screen.rows). [zh-Hans] 网络恢复之后，load() 应该显示它的消息；各行是 \(screen.rows)。")
        network.failure = .offline
        screen.send("Anyone there?")
        network.failure = nil
        screen.load()
        #expect(screen.errorText == nil, "A send failed, then the network came back and load() worked, but errorText is still \"\(screen.errorText ?? "")\". A load that works clears errorText, whichever error was shown before, the send error too: set it to nil whenever loading succeeds. [zh-Hans] 一次发送失败了，之后网络恢复、load() 成功了，但 errorText 仍然是 \"\(screen.errorText ?? "")\"。加载成功时要清除 errorText，不管之前显示的是哪个错误，发送的错误也一样：只要加载成功，就把它设为 nil。")
    }

    @Test("the composition root hands one network client to the loader and the sender")
    func oneSharedNetworkClient() {
        let network = FakeNetwork()
        let app = AppContainer(network: network, clock: FixedClock(date: lightsOut), userName: "Kimi")
        #expect(app.makeMessageLoader().network === network, "The loader made by AppContainer should use the very network object the container was handed (===). [zh-Hans] AppContainer 创建的加载器应该使用交给容器的那个网络对象本身（===）。")
        #expect(app.makeMessageSender().network === network, "The sender made by AppContainer should use the very network object the container was handed (===). [zh-Hans] AppContainer 创建的发送器应该使用交给容器的那个网络对象本身（===）。")

        let live = AppContainer()
        let loaderNetwork = live.makeMessageLoader().network
        let senderNetwork = live.makeMessageSender().network
        #expect(loaderNetwork === senderNetwork, "The live AppContainer() should make one network client and give that same instance (===) to every loader and sender. Keep it in a stored `let`, not a computed property that builds a new NetworkManager each time. [zh-Hans] 真实的 AppContainer() 应该只创建一个网络客户端，并把同一个实例（===）交给每个加载器和发送器。把它保存在存储属性 `let` 中，不要用每次都新建 NetworkManager 的计算属性。")
        #expect(live.makeMessageLoader().network === loaderNetwork, "Two loaders made by one AppContainer() should share one network client (===). [zh-Hans] 同一个 AppContainer() 创建的两个加载器应该共用一个网络客户端（===）。")
        #expect(AppContainer().makeMessageLoader().network !== loaderNetwork, "Two live apps, AppContainer() and AppContainer(), share one network client. Each live container should make a NetworkManager() of its own in init(), not use NetworkManager.shared or keep the network in a static. [zh-Hans] 两个真实的应用 AppContainer() 和 AppContainer() 共用了一个网络客户端。每个真实的容器都应该在 init() 中创建自己的 NetworkManager()，不要用 NetworkManager.shared，也不要把网络保存在静态属性里。")
    }

    @Test("each screen the container makes is a screen of its own: loading or sending on one leaves another's rows and error alone")
    func eachScreenIsItsOwn() {
        let network = FakeNetwork(messages: [Message(author: "Ana", text: "Box, box.", sentAt: lightsOut)])
        let app = AppContainer(network: network, clock: FixedClock(date: lightsOut), userName: "Kimi")
        let first = app.makeMessageList()
        let second = app.makeMessageList()
        first.load()
        first.send("Copy.")
        #expect(second.rows.isEmpty && second.errorText == nil, "Two screens made by one AppContainer (two calls to makeMessageList()) should be two screens: after the first loaded and sent, the second, never loaded, should show no rows and no error; it shows \(second.rows) and error \(String(describing: second.errorText)). Only the network is kept and shared by the container; each call to makeMessageList() makes a new MessageListScreen. [zh-Hans] 同一个 AppContainer 创建的两个界面（两次调用 makeMessageList()）应该是两个界面：第一个加载并发送之后，从没加载过的第二个应该没有任何行、也没有错误；它显示的是 \(second.rows)，错误是 \(String(describing: second.errorText))。容器保存并共用的只有网络；每次调用 makeMessageList() 都创建一个新的 MessageListScreen。")
        network.failure = .offline
        second.load()
        #expect(first.rows.count == 2 && first.errorText == nil, "A second screen of the same app failed to load: the first screen should still show its 2 rows and no error; it shows \(first.rows) and error \(String(describing: first.errorText)). Each call to makeMessageList() makes a new MessageListScreen. [zh-Hans] 同一个应用的第二个界面加载失败了：第一个界面应该仍然显示它的 2 行、没有错误；它显示的是 \(first.rows)，错误是 \(String(describing: first.errorText))。每次调用 makeMessageList() 都创建一个新的 MessageListScreen。")
        // Every maker, not only the screen's: the container keeps nothing but the network, so two calls make two objects.
        // (A struct is a new value at every call whatever it is: only a class instance can come back as the same one.)
        let senders: [AnyObject] = [app.makeMessageSender() as AnyObject, app.makeMessageSender() as AnyObject]
        let loaders: [AnyObject] = [app.makeMessageLoader() as AnyObject, app.makeMessageLoader() as AnyObject]
        let screens: [AnyObject] = [first as AnyObject, second as AnyObject]
        let newSender = senders[0] !== senders[1], newLoader = loaders[0] !== loaders[1], newScreen = screens[0] !== screens[1]
        #expect(newSender, "Two calls to makeMessageSender() of one AppContainer gave the same MessageSender: the container keeps a sender. The network is the only thing it keeps; each call to a maker makes a new object. [zh-Hans] 同一个 AppContainer 两次调用 makeMessageSender() 得到了同一个 MessageSender：容器保存了一个发送器。它只保存网络；每次调用创建方法都创建一个新对象。")
        #expect(newLoader, "Two calls to makeMessageLoader() of one AppContainer gave the same MessageLoader: the container keeps a loader. The network is the only thing it keeps; each call to a maker makes a new object. [zh-Hans] 同一个 AppContainer 两次调用 makeMessageLoader() 得到了同一个 MessageLoader：容器保存了一个加载器。它只保存网络；每次调用创建方法都创建一个新对象。")
        #expect(newScreen, "Two calls to makeMessageList() of one AppContainer gave the same screen. Each call to a maker makes a new object. [zh-Hans] 同一个 AppContainer 两次调用 makeMessageList() 得到了同一个界面。每次调用创建方法都创建一个新对象。")
    }

    @Test("the loader and the sender keep the network they are handed in a stored property named network, not a way to ask for it later")
    func networkIsKeptNotAskedFor() {
        let network = FakeNetwork()
        let app = AppContainer(network: network, clock: FixedClock(date: lightsOut), userName: "Kimi")
        for (name, part) in [("loader", app.makeMessageLoader() as Any), ("sender", app.makeMessageSender() as Any)] {
            let kept = Mirror(reflecting: part).children.first { $0.label == "network" }?.value
            #expect(kept.map { ($0 as AnyObject) === network } == true, "The \(name) made by AppContainer should keep the network it is handed in a stored property named `network`; its stored properties are \(Mirror(reflecting: part).children.map { $0.label ?? "?" }). A closure that returns the container's network each time (`{ self.network }`) hands the \(name) the container itself, to ask at call time: hand over the network and keep it. [zh-Hans] AppContainer 创建的\(name == "loader" ? "加载器" : "发送器")应该把交给它的网络保存在名为 `network` 的存储属性里；它的存储属性是 \(Mirror(reflecting: part).children.map { $0.label ?? "?" })。每次返回容器网络的闭包（`{ self.network }`）等于把容器本身交给了它，让它在调用时去问：把网络交出去，并保存下来。")
        }
    }

    @Test("the live app shows a message it sent after reloading")
    func liveAppRoundTrip() {
        let screen = AppContainer().makeMessageList()
        screen.load()
        let before = screen.rows.count
        screen.send("Copy, pitting this lap.")
        screen.load()
        #expect(screen.rows.count == before + 1, "In the live app, a message sent and then reloaded should add one row (\(before) before, \(screen.rows.count) after). The loader and the sender must share one network connection. [zh-Hans] 在真实的应用中，发送一条消息再重新加载，应该多出一行（之前 \(before) 行，之后 \(screen.rows.count) 行）。加载器和发送器必须共用一个网络连接。")
        #expect(screen.rows.last?.hasSuffix(": Copy, pitting this lap.") == true, "After sending and reloading, the newest row should be the sent message; rows are \(screen.rows). [zh-Hans] 发送并重新加载之后，最新的一行应该是发出的消息；各行是 \(screen.rows)。")
        #expect(screen.errorText == nil, "The live app should not show an error; errorText is \(String(describing: screen.errorText)). [zh-Hans] 真实的应用不应该显示错误；errorText 是 \(String(describing: screen.errorText))。")
    }

    @Test("the live app stamps a message with the real time when it is sent, not when the app was built")
    func liveClockTellsTheTimeOfTheSend() throws {
        let app = AppContainer()
        let network = app.makeMessageLoader().network
        let list = app.makeMessageList()
        // Three sends, apart in time, two of them through one screen: each is stamped with the time of its own send.
        for (index, text) in ["Gap to the car ahead?", "Box this lap.", "Copy that."].enumerated() {
            Thread.sleep(forTimeInterval: 0.05)
            let before = Date()
            (index == 1 ? app.makeMessageList() : list).send(text)
            let after = Date()
            let sent = try network.fetchMessages().last { $0.text == text }
            let stamp = try #require(sent?.sentAt, "The live app's send did not reach its network (the loader's network has no such message). [zh-Hans] 真实应用发送的消息没有到达它的网络（加载器的网络里没有这条消息）。")
            #expect(stamp >= before && stamp <= after, "Message \(index + 1) of the live app, sent between \(before) and \(after), is stamped \(stamp). SystemClock.now() returns Date() each time it is asked, not a time read once (when the clock or the app was made, or at its first question), and the sender asks it in send(_:), at every send. [zh-Hans] 真实应用的第 \(index + 1) 条消息在 \(before) 和 \(after) 之间发出，时间戳却是 \(stamp)。SystemClock.now() 每次被问时都返回 Date()，而不是只读一次的时间（在时钟或应用创建时，或在第一次被问时）；发送器在 send(_:) 中、每次发送时都询问它。")
        }
    }

    @Test("the live app reads the user name once, where it is built: a name changed later signs nothing of this app")
    func liveAppReadsTheSettingsOnce() throws {
        let original = Settings.standard.userName
        defer { Settings.standard.userName = original }
        Settings.standard.userName = "Alonso"
        let app = AppContainer()
        Settings.standard.userName = "Somebody else"
        let network = app.makeMessageLoader().network
        app.makeMessageList().send("Box this lap.")
        app.makeMessageList().send("Copy.")
        let authors = try network.fetchMessages().filter { ["Box this lap.", "Copy."].contains($0.text) }.map(\.author)
        #expect(authors == ["Alonso", "Alonso"], "The live app was built while the user name was \"Alonso\"; the name changed afterwards, and the app's messages were signed \(authors). Settings.standard is read once, in AppContainer.init(), and the name is handed on as a String: the container keeps the name, not the Settings object. [zh-Hans] 真实应用创建时用户名是 \"Alonso\"；之后名字改了，而应用的消息署名是 \(authors)。Settings.standard 只在 AppContainer.init() 中读取一次，名字作为 String 交下去：容器保存的是名字，不是 Settings 对象。")
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
        #expect(networkDelta == 0, "The app read NetworkManager.shared \(networkDelta) time\(networkDelta == 1 ? "" : "s") although it was handed a network. Remove every NetworkManager.shared from the loader, the sender and the screen. [zh-Hans] 应用拿到了网络，却读取了 \(networkDelta) 次 NetworkManager.shared。删除加载器、发送器和界面中所有的 NetworkManager.shared。")
        #expect(settingsDelta == 0, "The app read Settings.standard \(settingsDelta) time\(settingsDelta == 1 ? "" : "s") although it was handed a user name. Only the live AppContainer() may read the settings. [zh-Hans] 应用拿到了用户名，却读取了 \(settingsDelta) 次 Settings.standard。只有真实的 AppContainer() 可以读取设置。")
    }

    @Test("the screen holds its loader and sender, not the container")
    func screenDoesNotHoldTheContainer() {
        let network = FakeNetwork(messages: [])
        let app = AppContainer(network: network, clock: FixedClock(date: Date(timeIntervalSince1970: 1_800_000_000)), userName: "Kimi")
        let screen = app.makeMessageList()
        #expect(!reaches(screen, anything: { $0 is AppContainer }), "MessageListScreen holds the AppContainer (directly, behind a protocol of your own, or inside something it keeps) and asks it for a loader and a sender: a service locator. Hand the screen its loader and its sender themselves, and keep nothing else. [zh-Hans] MessageListScreen 持有 AppContainer（直接持有、藏在你自己的协议后面，或者放在它保存的别的东西里），并向它要加载器和发送器：这是服务定位器。把加载器和发送器本身交给界面，别的什么都不要保留。")
        screen.send("Box this lap.")
        #expect(network.posted.map(\.text) == ["Box this lap."], "The screen made by the container should send through the container's network; the fake network received \(network.posted.map(\.text)). [zh-Hans] 容器创建的界面应该通过容器的网络发送；假网络收到的是 \(network.posted.map(\.text))。")

        // What the screen keeps, whatever it is (a closure that captures the container, a box, a protocol value): once
        // the root is gone, the screen alone must not keep it alive. (A root that is a struct is copied, never kept.)
        weak var root: AnyObject?
        var kept: MessageListScreen?
        do {
            let app = AppContainer(network: FakeNetwork(messages: []), clock: FixedClock(date: Date(timeIntervalSince1970: 1_800_000_000)), userName: "Kimi")
            if type(of: app) is AnyClass { root = app as AnyObject }
            kept = app.makeMessageList()
        }
        #expect(root == nil, "The screen keeps the AppContainer alive after everyone else let it go: something the screen holds refers to the container (a closure such as `{ self.makeMessageSender() }` captures it). The screen can then ask the container for anything, a service locator. Hand the screen its sender itself. [zh-Hans] 其他人都放开 AppContainer 之后，界面还让它活着：界面持有的某样东西引用着容器（比如 `{ self.makeMessageSender() }` 这样的闭包捕获了它）。这样界面就能向容器要任何东西，成了服务定位器。把发送器本身交给界面。")
        _ = kept
    }

    /// A message as a user may type it: the usual ones (often the same twice), an empty or blank one, one with
    /// spaces around or a line break inside, another script, and a long one.
    static func anyText(using generator: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<8, using: &generator) {
        case 0: return ["", " ", "\n", "   "].randomElement(using: &generator)!
        case 1: return ["  Box now?  ", "Box\nnow?", "进站 🏁"].randomElement(using: &generator)!
        case 2: return String(repeating: "Push! ", count: Int.random(in: 50...400, using: &generator))
        default: return ["Box now?", "Copy.", "Box now?"].randomElement(using: &generator)!
        }
    }

    @Test("200 seeded sessions of loads, sends of any text (blank, long, repeated), outages (offline, any server error, an error of another kind), others' messages (one, or hundreds at once) and sends made from inside a load or a send keep the behaviour the text promises")
    func sessionsFollowTheModel() {
        var generator = SeededGenerator(state: 0x12_C4A7)
        let insideText = "Copy, sent from inside."
        for session in 0..<200 {
            let network = ScriptedNetwork()
            // Time never goes back, so the network's order is also the order the messages were sent in; it often stands
            // still between steps, so messages of the same moment keep the network's order among themselves.
            let clock = ManualClock(lightsOut)
            let screen = AppContainer(network: network, clock: clock, userName: "Kimi").makeMessageList()
            // In a third of the sessions the network (while it is asked to fetch or to post) or the clock (while it is
            // asked the time) sends a message through the same screen, once or twice: a send inside a load or a send.
            if Int.random(in: 0..<3, using: &generator) == 0 {
                for _ in 0...Int.random(in: 0...1, using: &generator) {
                    let number = Int.random(in: 0..<4, using: &generator)
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0: network.callBackAtFetch.insert(number)
                    case 1: network.callBackAtPost.insert(number)
                    default: clock.callBackAt.insert(number)
                    }
                }
                network.callBack = { screen.send(insideText) }
                clock.callBack = { screen.send(insideText) }
            }
            defer { network.callBack = nil; clock.callBack = nil }
            var fetchCallBacks = network.callBackAtFetch, postCallBacks = network.callBackAtPost, readCallBacks = clock.callBackAt
            var rows: [String] = [], errorText: String? = nil, posts = 0, fetches = 0, reads = 0
            var steps: [String] = []
            // The model, run after each step: a send asks the clock once, then posts once (whatever the text, no retry,
            // whatever the error), and a load fetches once (no retry either); a send the clock or the network makes
            // while it is asked runs whole before it answers.
            func modelSend(_ text: String) {
                let read = reads
                reads += 1
                if readCallBacks.remove(read) != nil { steps.append("the clock, asked the time, sends \"\(insideText)\""); modelSend(insideText) }
                let post = posts
                posts += 1
                if postCallBacks.remove(post) != nil { steps.append("the network, asked to post, sends \"\(insideText)\""); modelSend(insideText) }
                if network.failure != nil { errorText = "Could not send your message." }
                else { rows.append("Kimi: \(text)"); errorText = nil }
            }
            func modelLoad() {
                let fetch = fetches
                fetches += 1
                if fetchCallBacks.remove(fetch) != nil { steps.append("the network, asked to fetch, sends \"\(insideText)\""); modelSend(insideText) }
                if network.failure != nil { rows = []; errorText = "Could not load messages." }
                else { rows = network.messages.map { "\($0.author): \($0.text)" }; errorText = nil }
            }
            for _ in 0..<Int.random(in: 1...14, using: &generator) {
                if Int.random(in: 0..<3, using: &generator) > 0 { clock.current = clock.current.addingTimeInterval(1) }
                switch Int.random(in: 0..<6, using: &generator) {
                case 0:
                    let failure: (any Error)? = [nil, NetworkError.offline, NetworkError.server(status: Int.random(in: 400...599, using: &generator)),
                                                 RadioJammed(), CancellationError()].randomElement(using: &generator)!
                    network.failure = failure
                    steps.append(failure.map { "the network fails with \($0)" } ?? "the network works")
                case 1:
                    let author = ["Ana", "Ben"].randomElement(using: &generator)!
                    // Now and then a long race's worth of messages at once: every one of them is a row.
                    let count = Int.random(in: 0..<8, using: &generator) == 0 ? Int.random(in: 100...400, using: &generator) : 1
                    for index in 0..<count {
                        network.messages.append(Message(author: author, text: "Lap \(steps.count).\(index)", sentAt: clock.current))
                    }
                    steps.append(count == 1 ? "\(author) posts elsewhere" : "\(author) posts \(count) messages elsewhere")
                case 2, 3:
                    screen.load()
                    steps.append("load()")
                    modelLoad()
                default:
                    let text = Self.anyText(using: &generator)
                    screen.send(text)
                    steps.append("send(\"\(text)\")")
                    modelSend(text)
                }
                guard screen.rows == rows, screen.errorText == errorText, network.postAttempts == posts, network.fetchAttempts == fetches, clock.reads == reads else {
                    Issue.record("Session \(session) (seed 0x12C4A7), after \(steps.joined(separator: ", ")): the screen should show \(rows) with errorText \(errorText.map { "\"\($0)\"" } ?? "nil") after \(posts) post\(posts == 1 ? "" : "s"), \(fetches) fetch\(fetches == 1 ? "" : "es") and \(reads) question\(reads == 1 ? "" : "s") to the clock; it shows \(screen.rows) with errorText \(screen.errorText.map { "\"\($0)\"" } ?? "nil") after \(network.postAttempts) post\(network.postAttempts == 1 ? "" : "s"), \(network.fetchAttempts) fetch\(network.fetchAttempts == 1 ? "" : "es") and \(clock.reads) question\(clock.reads == 1 ? "" : "s") to the clock. Keep the behaviour: load() fetches once (no retry, whatever the error) and shows every message oldest first and clears the error, or shows no rows and \"Could not load messages.\"; send(_:) asks the clock once and posts once whatever the text (no retry, whatever the error), adds its row at the end when the post works and clears the error, or keeps the rows and shows \"Could not send your message.\". A send made while another send or a load is under way (the network or the clock sends from inside) is a send like any other: no flag may turn it away. [zh-Hans] 第 \(session) 段会话（种子 0x12C4A7），在 \(steps.joined(separator: "、")) 之后：界面应该显示 \(rows)，errorText 为 \(errorText.map { "\"\($0)\"" } ?? "nil")，共发送 \(posts) 次、获取 \(fetches) 次、询问时钟 \(reads) 次；实际显示 \(screen.rows)，errorText 为 \(screen.errorText.map { "\"\($0)\"" } ?? "nil")，共发送 \(network.postAttempts) 次、获取 \(network.fetchAttempts) 次、询问时钟 \(clock.reads) 次。保持原有行为：load() 只获取一次（不管是什么错误都不重试），按从旧到新显示全部消息并清除错误，或者不显示任何行并显示 \"Could not load messages.\"；send(_:) 不管文字是什么都只询问时钟一次、只发送一次（不管是什么错误都不重试），发送成功时把它的行加在最后并清除错误，失败时保留已有的行并显示 \"Could not send your message.\"。在另一次发送或加载还没结束时发起的发送（网络或时钟从里面发送）和其他发送一样：不要用标志把它挡回去。")
                    return
                }
            }
        }
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
