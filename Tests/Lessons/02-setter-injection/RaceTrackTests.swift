import Testing
@testable import SetterInjection

/// An announcer that writes down what it is asked to say.
final class SpyAnnouncer: Announcer {
    private(set) var messages: [String] = []
    /// What it does while it speaks, once it has written the message down (a host who hands the track to another screen).
    var whileSpeaking: (() -> Void)?

    func announce(_ message: String) {
        messages.append(message)
        whileSpeaking?()
    }
}

/// A stopwatch that always reads the same lap time, and counts its stops.
final class FixedStopwatch: Stopwatch {
    let milliseconds: Int
    private(set) var stops = 0

    init(milliseconds: Int) {
        self.milliseconds = milliseconds
    }

    func stop() -> Int {
        stops += 1
        return milliseconds
    }
}

/// A delegate that writes down every lap it hears about.
final class SpyDelegate: RaceTrackDelegate {
    private(set) var laps: [String] = []

    func raceTrack(_ track: RaceTrack, didRecordLapOf driver: String, milliseconds: Int) {
        laps.append("\(driver) \(milliseconds)")
    }
}

/// One log that an announcer and a delegate both write into, in the order they are called.
final class SharedLog {
    private(set) var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
}

final class LoggingAnnouncer: Announcer {
    let log: SharedLog
    init(log: SharedLog) { self.log = log }
    func announce(_ message: String) { log.add("announced \(message)") }
}

/// A delegate that, hearing of a lap, writes it down and then sets another announcer on the track (a results
/// screen that takes the microphone): the lap it hears of was said already, by the announcer set when it was recorded.
final class MicrophoneTakingDelegate: RaceTrackDelegate {
    let log: SharedLog
    let next: any Announcer
    init(log: SharedLog, next: any Announcer) { self.log = log; self.next = next }
    func raceTrack(_ track: RaceTrack, didRecordLapOf driver: String, milliseconds: Int) {
        log.add("told \(driver) \(milliseconds)")
        track.announcer = next
    }
}

/// A small, seeded generator (SplitMix64): the same seed gives the same laps everywhere.
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

/// Someone the seeded sessions set as the announcer, as the delegate, or as both at once (a results screen that also
/// reads the laps out). It writes down what it is asked to say and what it is told, and may act while it is called:
/// set the track's announcer or delegate, or record a lap of its own (at most `lapsLeft` of them, so it ends).
final class Listener: Announcer, RaceTrackDelegate {
    enum Act {
        case setAnnouncer(Listener)
        case setDelegate(Listener?)
        case recordLap(driver: String, watch: FixedStopwatch)
    }

    weak var track: RaceTrack?
    var whileSpeaking: Act?
    var whileTold: Act?
    var lapsLeft = 0
    private(set) var said: [String] = []
    private(set) var told: [String] = []
    /// What the laps it recorded while it was called returned.
    private(set) var returned: [String] = []

    func announce(_ message: String) {
        said.append(message)
        perform(whileSpeaking, on: track)
    }

    func raceTrack(_ track: RaceTrack, didRecordLapOf driver: String, milliseconds: Int) {
        told.append("\(driver) \(milliseconds)")
        perform(whileTold, on: track)
    }

    private func perform(_ act: Act?, on track: RaceTrack?) {
        guard let act, let track else { return }
        switch act {
        case .setAnnouncer(let next): track.announcer = next
        case .setDelegate(let next): track.delegate = next
        case .recordLap(let driver, let watch):
            guard lapsLeft > 0 else { return }
            lapsLeft -= 1
            returned.append(track.recordLap(of: driver, using: watch))
        }
    }
}

/// What the lesson text promises, played out without a track: each lap stops its watch once, is said once by the
/// announcer set last, then told once to the delegate set last (the one set when it is told), and whatever those
/// two do while they are called happens right there, a lap they record included, in full, before the call returns.
final class SessionModel {
    enum Act {
        case setAnnouncer(Int)
        case setDelegate(Int?)
        case recordLap(driver: String, watch: Int)
    }

    /// Listeners and stopwatches by their place in the session's lists; no announcer is the silent one.
    var announcer: Int?
    var delegate: Int?
    private(set) var said: [[String]] = []
    private(set) var told: [[String]] = []
    private(set) var returned: [[String]] = []
    private var acts: [(whileSpeaking: Act?, whileTold: Act?)] = []
    private var lapsLeft: [Int] = []
    private(set) var stops: [Int] = []
    private var readings: [Int] = []

    func addListener(whileSpeaking: Act?, whileTold: Act?, lapsLeft laps: Int) {
        said.append([]); told.append([]); returned.append([])
        acts.append((whileSpeaking, whileTold))
        lapsLeft.append(laps)
    }

    func addWatch(reading: Int) {
        stops.append(0)
        readings.append(reading)
    }

    func lap(of driver: String, watch: Int) -> String {
        stops[watch] += 1
        let milliseconds = readings[watch]
        let text = "\(driver): \(milliseconds) ms"
        if let speaker = announcer {
            said[speaker].append(text)
            perform(acts[speaker].whileSpeaking, by: speaker)
        }
        if let listener = delegate {
            told[listener].append("\(driver) \(milliseconds)")
            perform(acts[listener].whileTold, by: listener)
        }
        return text
    }

    private func perform(_ act: Act?, by listener: Int) {
        guard let act else { return }
        switch act {
        case .setAnnouncer(let next): announcer = next
        case .setDelegate(let next): delegate = next
        case .recordLap(let driver, let watch):
            guard lapsLeft[listener] > 0 else { return }
            lapsLeft[listener] -= 1
            returned[listener].append(lap(of: driver, watch: watch))
        }
    }
}

/// What a value stores, written out: each stored property (those a class inherits too) and, in turn, what the
/// objects and collections it holds store, each object once (so a cycle ends). It works for a struct and a class,
/// and a value that stores nothing reads the same every time.
func storedState(of value: Any) -> String {
    var seen: Set<ObjectIdentifier> = []
    func describe(_ value: Any, depth: Int) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .class {
            guard seen.insert(ObjectIdentifier(value as AnyObject)).inserted else { return "\(type(of: value)) (again)" }
        }
        var parts: [String] = []
        var level: Mirror? = mirror
        while let current = level {
            for child in current.children {
                parts.append("\(child.label ?? "_"): \(depth < 8 ? describe(child.value, depth: depth + 1) : "…")")
            }
            level = current.superclassMirror
        }
        if parts.isEmpty && mirror.displayStyle != .class && mirror.displayStyle != .struct {
            return String(reflecting: value)
        }
        return "\(type(of: value))(\(parts.joined(separator: ", ")))"
    }
    return describe(value, depth: 0)
}

@Suite("Setter and method injection", .serialized)
struct RaceTrackTests {
    @Test("a lap is announced first, then told to the delegate: a delegate that sets another announcer changes who says the next lap, not this one")
    func announcedBeforeTheDelegateHears() {
        let track = TrackBuilder.makeTrack()
        let log = SharedLog()
        let other = SpyAnnouncer()
        track.announcer = LoggingAnnouncer(log: log)
        let delegate = MicrophoneTakingDelegate(log: log, next: other)
        track.delegate = delegate
        _ = track.recordLap(of: "Ada", using: FixedStopwatch(milliseconds: 81_500))
        _ = track.recordLap(of: "Lin", using: FixedStopwatch(milliseconds: 80_100))
        withExtendedLifetime(delegate) {}
        #expect(log.entries == ["announced Ada: 81500 ms", "told Ada 81500", "told Lin 80100"] && other.messages == ["Lin: 80100 ms"],
                "recordLap should announce the lap, then tell the delegate, as the track always did: the log reads \(log.entries), and the announcer the delegate set said \(other.messages) (it should say only the next lap, \"Lin: 80100 ms\"). Call announcer.announce(...) before delegate?.raceTrack(...). [zh-Hans] recordLap 应该先播报这一圈，再告诉代理，赛道一直是这样做的：日志是 \(log.entries)，代理换上的播报员说了 \(other.messages)（它应该只说下一圈 \"Lin: 80100 ms\"）。先调用 announcer.announce(...)，再调用 delegate?.raceTrack(...)。")
    }

    @Test("an announcer that hands the track to another screen while it speaks: the lap is told to the delegate set last, not to the one set before it was said")
    func delegateSetWhileTheLapIsSaid() {
        let track = TrackBuilder.makeTrack()
        let pitWall = SpyDelegate(), resultsScreen = SpyDelegate()
        let host = SpyAnnouncer()
        host.whileSpeaking = { [weak track] in track?.delegate = resultsScreen }
        track.announcer = host
        track.delegate = pitWall
        _ = track.recordLap(of: "Ada", using: FixedStopwatch(milliseconds: 81_500))
        #expect(pitWall.laps.isEmpty && resultsScreen.laps == ["Ada 81500"],
                "While the lap was announced, the announcer set track.delegate to the results screen, so the lap should be told to the results screen, the delegate set last; the pit wall heard \(pitWall.laps) and the results screen \(resultsScreen.laps). Read `delegate` after announcing, when you tell it: do not copy it into a local before the announcement. [zh-Hans] 播报这一圈的时候，播报员把 track.delegate 换成了成绩屏，所以这一圈应该告诉成绩屏，也就是最后设置的代理；维修墙听到的是 \(pitWall.laps)，成绩屏听到的是 \(resultsScreen.laps)。在播报之后、通知代理的时候再读取 `delegate`：不要在播报之前把它复制到局部变量里。")
        withExtendedLifetime((pitWall, resultsScreen)) {}
    }

    @Test("the announcer set on the track is the one that speaks")
    func usesTheAnnouncerItWasGiven() {
        let track = TrackBuilder.makeTrack()
        let spy = SpyAnnouncer()
        track.announcer = spy
        let result = track.recordLap(of: "Ada", using: FixedStopwatch(milliseconds: 81_500))
        #expect(result == "Ada: 81500 ms", "recordLap(of:using:) should return \"<driver>: <milliseconds> ms\" with the time read from the stopwatch passed to it. [zh-Hans] recordLap(of:using:) 应该返回 \"<车手>: <毫秒> ms\"，时间取自传给它的秒表。")
        #expect(spy.messages == ["Ada: 81500 ms"], "The announcer set through track.announcer should announce the lap exactly once, but it heard \(spy.messages). Does recordLap call announce on the announcer property? [zh-Hans] 通过 track.announcer 设置的播报员应该只播报这一圈一次，但它听到的是 \(spy.messages)。recordLap 调用了 announcer 属性上的 announce 吗？")
    }

    @Test("two tracks with two announcers each speak through their own")
    func twoAnnouncersTwoResults() {
        let north = TrackBuilder.makeTrack()
        let south = TrackBuilder.makeTrack()
        let northSpeaker = SpyAnnouncer()
        let southSpeaker = SpyAnnouncer()
        north.announcer = northSpeaker
        south.announcer = southSpeaker
        _ = north.recordLap(of: "Ada", using: FixedStopwatch(milliseconds: 80_000))
        _ = south.recordLap(of: "Ben", using: FixedStopwatch(milliseconds: 90_000))
        #expect(northSpeaker.messages == ["Ada: 80000 ms"], "Each track should announce through the announcer set on that track, but the first one heard \(northSpeaker.messages). Store the announcer in an instance property, not in a static or global one. [zh-Hans] 每条赛道都应该通过设置在这条赛道上的播报员播报，但第一条赛道的播报员听到的是 \(northSpeaker.messages)。把播报员保存在实例属性中，不要放在静态变量或全局变量里。")
        #expect(southSpeaker.messages == ["Ben: 90000 ms"], "Each track should announce through the announcer set on that track, but the second one heard \(southSpeaker.messages). Store the announcer in an instance property, not in a static or global one. [zh-Hans] 每条赛道都应该通过设置在这条赛道上的播报员播报，但第二条赛道的播报员听到的是 \(southSpeaker.messages)。把播报员保存在实例属性中，不要放在静态变量或全局变量里。")
    }

    @Test("an announcer set after a lap announces the next one, and replaces the old one")
    func announcerSetLaterTakesOver() {
        // Laps are recorded between the settings: a track that reads its
        // announcer only once (on the first lap, or when it is built) shows here.
        let track = TrackBuilder.makeTrack()
        _ = track.recordLap(of: "Ada", using: FixedStopwatch(milliseconds: 80_000))
        let first = SpyAnnouncer()
        track.announcer = first
        _ = track.recordLap(of: "Ben", using: FixedStopwatch(milliseconds: 81_000))
        let second = SpyAnnouncer()
        track.announcer = second
        _ = track.recordLap(of: "Cy", using: FixedStopwatch(milliseconds: 82_000))
        #expect(first.messages == ["Ben: 81000 ms"], "An announcer set after a lap was recorded should announce the next lap, and nothing after it was replaced: it should have heard [\"Ben: 81000 ms\"], but it heard \(first.messages). In recordLap, announce through the announcer property as it is at that moment; do not keep a copy taken on an earlier lap. [zh-Hans] 在记录过一圈之后设置的播报员应该播报下一圈，被替换之后就什么也听不到：它应该听到 [\"Ben: 81000 ms\"]，但它听到的是 \(first.messages)。在 recordLap 中通过 announcer 属性此刻的值播报；不要留着在之前某一圈取下的副本。")
        #expect(second.messages == ["Cy: 82000 ms"], "The announcer set last replaces the one before: it should have heard [\"Cy: 82000 ms\"], but it heard \(second.messages). Setting track.announcer again must take effect at the next lap. [zh-Hans] 最后设置的播报员替换了之前的那个：它应该听到 [\"Cy: 82000 ms\"]，但它听到的是 \(second.messages)。再次设置 track.announcer 必须在下一圈生效。")
    }

    @Test("the track keeps the announcer it is given")
    func keepsItsAnnouncer() {
        let track = TrackBuilder.makeTrack()
        weak var watcher: SpyAnnouncer?
        do {
            let spy = SpyAnnouncer()
            track.announcer = spy
            watcher = spy
        }
        #expect(watcher != nil, "The announcer handed to track.announcer was gone as soon as the test stopped holding it: the track does not keep it. Unlike the delegate, the announcer belongs to the track: declare it as a plain `var announcer: any Announcer`, not `weak`. [zh-Hans] 测试一不再持有交给 track.announcer 的播报员，它就消失了：赛道没有保存它。与代理不同，播报员属于赛道：把它声明为普通的 `var announcer: any Announcer`，不要用 `weak`。")
        _ = track.recordLap(of: "Ada", using: FixedStopwatch(milliseconds: 81_500))
        if let spy = watcher {
            #expect(spy.messages == ["Ada: 81500 ms"], "The announcer handed to track.announcer should announce the lap exactly once, even when nobody else holds on to it, but it heard \(spy.messages). [zh-Hans] 交给 track.announcer 的播报员应该只播报这一圈一次，即使没有别人持有它；但它听到的是 \(spy.messages)。")
        }
    }

    @Test("a track with no announcer set stays silent and never touches the speakers")
    func safeDefaultWhenNothingIsSet() {
        let before = StadiumSpeakers.sharedAccessCount
        let track = TrackBuilder.makeTrack()
        let result = track.recordLap(of: "Cy", using: FixedStopwatch(milliseconds: 75_250))
        let reads = StadiumSpeakers.sharedAccessCount - before
        #expect(result == "Cy: 75250 ms", "With no announcer set, recordLap(of:using:) should still work and return the lap text. [zh-Hans] 没有设置播报员时，recordLap(of:using:) 也应该照常工作，并返回这一圈的文字。")
        #expect(reads == 0, "A track with no announcer set read StadiumSpeakers.shared \(reads) time\(reads == 1 ? "" : "s"). The default must be a silent announcer (a null object), not the live speakers: nothing was set, so nothing should be broadcast. [zh-Hans] 没有设置播报员的赛道读取了 \(reads) 次 StadiumSpeakers.shared。默认值必须是一个不出声的播报员（空对象），而不是真实的体育场扬声器：什么都没设置，就什么都不该广播。")
    }

    @Test("the announcer is never missing: a track starts with the silent one")
    func announcerIsNeverMissing() {
        let track = TrackBuilder.makeTrack()
        // An optional announcer is a missing one: the null object is there to make that impossible.
        let current: Any = track.announcer
        #expect(Mirror(reflecting: current).displayStyle != .optional, "RaceTrack.announcer is an optional. Declare it `public var announcer: any Announcer = SilentAnnouncer()`: never nil, never weak, so the track never has to check and nobody can forget to set it. [zh-Hans] RaceTrack.announcer 是可选值。请声明为 `public var announcer: any Announcer = SilentAnnouncer()`：永远不为 nil，也不是 weak，这样赛道不必检查，也没人会忘记设置。")
        #expect(current is SilentAnnouncer, "A track nobody configured should start with a SilentAnnouncer(), but it has \(type(of: current)). [zh-Hans] 没有人配置过的赛道应该从 SilentAnnouncer() 开始，但它的是 \(type(of: current))。")
        // Nor behind the property: a stored optional that the getter fills in with a new silent announcer at each read.
        let optionals = Mirror(reflecting: track).children.filter { child in
            Mirror(reflecting: child.value).displayStyle == .optional && String(describing: type(of: child.value)).contains("Announcer")
        }.map { $0.label ?? "?" }
        // Whatever holds it: the silent announcer is one object the track keeps, the same at every read.
        let first = track.announcer
        let again = track.announcer
        #expect(first === again, "A track nobody configured gave a different SilentAnnouncer at each read of `announcer`: it makes one up every time instead of keeping one. Store the null object itself: `public var announcer: any Announcer = SilentAnnouncer()`. [zh-Hans] 没有人配置过的赛道每次读取 `announcer` 都给出一个不同的 SilentAnnouncer：它每次都临时造一个，而不是保存一个。直接保存空对象本身：`public var announcer: any Announcer = SilentAnnouncer()`。")
        #expect(optionals.isEmpty, "RaceTrack keeps its announcer in an optional stored property (\(optionals.joined(separator: ", "))) and makes up a silent one when it is nil. Store the null object itself: `public var announcer: any Announcer = SilentAnnouncer()`, a stored property that is never nil. [zh-Hans] RaceTrack 把播报员保存在一个可选的存储属性里（\(optionals.joined(separator: "、"))），为 nil 时再临时造一个安静的。直接保存空对象本身：`public var announcer: any Announcer = SilentAnnouncer()`，一个永远不为 nil 的存储属性。")
    }

    @Test("each lap is timed by the stopwatch passed to that call")
    func methodInjectionPerCall() {
        let before = TrackStopwatch.sharedAccessCount
        let track = TrackBuilder.makeTrack()
        let adasWatch = FixedStopwatch(milliseconds: 81_500)
        let bensWatch = FixedStopwatch(milliseconds: 79_250)
        let first = track.recordLap(of: "Ada", using: adasWatch)
        let second = track.recordLap(of: "Ben", using: bensWatch)
        let reads = TrackStopwatch.sharedAccessCount - before
        #expect(first == "Ada: 81500 ms", "The first lap should be read from the stopwatch passed to that call (81500 ms), but the result was \"\(first)\". [zh-Hans] 第一圈应该从这次调用传入的秒表读取（81500 ms），但结果是 \"\(first)\"。")
        #expect(second == "Ben: 79250 ms", "The second lap should be read from the stopwatch passed to that call (79250 ms), but the result was \"\(second)\". Do not keep the first stopwatch around. [zh-Hans] 第二圈应该从这次调用传入的秒表读取（79250 ms），但结果是 \"\(second)\"。不要留着第一块秒表。")
        #expect(adasWatch.stops == 1 && bensWatch.stops == 1, "Each stopwatch should be stopped exactly once, by its own call (stops: \(adasWatch.stops) and \(bensWatch.stops)). [zh-Hans] 每块秒表都应该由它自己的那次调用停止，且只停止一次（停止次数：\(adasWatch.stops) 和 \(bensWatch.stops)）。")
        #expect(reads == 0, "recordLap(of:using:) read TrackStopwatch.shared \(reads) time\(reads == 1 ? "" : "s"). Use the stopwatch parameter instead. [zh-Hans] recordLap(of:using:) 读取了 \(reads) 次 TrackStopwatch.shared。请改用 stopwatch 参数。")
    }

    @Test("the track does not keep the stopwatch passed to a call")
    func stopwatchIsNotKept() {
        let track = TrackBuilder.makeTrack()
        weak var handed: FixedStopwatch?
        do {
            let watch = FixedStopwatch(milliseconds: 81_500)
            handed = watch
            _ = track.recordLap(of: "Ada", using: watch)
        }
        #expect(handed == nil, "After recordLap(of:using:) returned, the track still holds the stopwatch it was passed. A collaborator handed to a method is used for that call only: do not store it in a property, and do not keep an old recordLap(of:) that reads a stored one. [zh-Hans] recordLap(of:using:) 返回之后，赛道仍然持有传给它的秒表。传给方法的协作者只用于那一次调用：不要把它保存在属性里，也不要保留读取已保存秒表的旧 recordLap(of:)。")
    }

    @Test("each track tells its own delegate about every lap")
    func delegateIsTold() {
        // Both tracks get their delegates before either records a lap: a
        // delegate kept in a static or global (shared by every track) shows here.
        let north = TrackBuilder.makeTrack()
        let south = TrackBuilder.makeTrack()
        let northWall = SpyDelegate()
        let southWall = SpyDelegate()
        north.delegate = northWall
        south.delegate = southWall
        let watch = FixedStopwatch(milliseconds: 81_500)
        _ = north.recordLap(of: "Ada", using: watch)
        #expect(watch.stops == 1, "With a delegate set, the stopwatch should still be stopped once per lap, and the delegate told the same reading the lap text shows; it was stopped \(watch.stops) times. Stop it once and pass that reading on. [zh-Hans] 设置了代理时，每一圈仍然只应停止秒表一次，并把同一个读数告诉代理；秒表被停止了 \(watch.stops) 次。只停止一次，再把这个读数传下去。")
        #expect(northWall.laps == ["Ada 81500"], "The delegate should be told about the lap once, with the driver and the milliseconds, but it heard \(northWall.laps). [zh-Hans] 代理应该得知这一圈一次，带上车手和毫秒数，但它听到的是 \(northWall.laps)。")
        #expect(southWall.laps.isEmpty, "A lap on one track reached the delegate of another track (it heard \(southWall.laps)). Keep the delegate in an instance property of the track (`public weak var delegate`), not in a static or global variable. [zh-Hans] 一条赛道上的一圈传到了另一条赛道的代理（它听到的是 \(southWall.laps)）。把代理保存在赛道的实例属性中（`public weak var delegate`），不要放在静态变量或全局变量里。")
    }

    @Test("the track does not keep its delegate alive")
    func delegateIsWeak() {
        let track = TrackBuilder.makeTrack()
        weak var watcher: SpyDelegate?
        do {
            let delegate = SpyDelegate()
            track.delegate = delegate
            watcher = delegate
        }
        #expect(watcher == nil, "The delegate is still alive after everyone else let it go: the track holds it strongly. Declare the property as `weak var delegate`, so a delegate that goes away does not leak. [zh-Hans] 其他人都放开了代理，它却仍然存活：赛道强引用了它。把属性声明为 `weak var delegate`，这样离开的代理不会泄漏。")
        let result = track.recordLap(of: "Ada", using: FixedStopwatch(milliseconds: 81_500))
        #expect(result == "Ada: 81500 ms", "A track whose delegate went away should still record laps. [zh-Hans] 代理已经离开的赛道也应该照常记录圈速。")
    }

    @Test("after telling its delegate about laps, the track still does not keep it alive")
    func delegateIsWeakAfterLaps() {
        let track = TrackBuilder.makeTrack()
        weak var watcher: SpyDelegate?
        do {
            let delegate = SpyDelegate()
            track.delegate = delegate
            watcher = delegate
            _ = track.recordLap(of: "Ada", using: FixedStopwatch(milliseconds: 81_500))
            _ = track.recordLap(of: "Ben", using: FixedStopwatch(milliseconds: 79_250))
            #expect(delegate.laps == ["Ada 81500", "Ben 79250"], "The delegate should hear both laps once each, but it heard \(delegate.laps). [zh-Hans] 代理应该各听到这两圈一次，但它听到的是 \(delegate.laps)。")
        }
        #expect(watcher == nil, "After two laps, the delegate is still alive once everyone else let it go: something in the track keeps a strong reference to it (a second property, a list of who was told, a closure). The track holds its delegate only through `weak var delegate`, before and after laps. [zh-Hans] 记录两圈之后，其他人都放开了代理，它却仍然存活：赛道里有东西强引用了它（另一个属性、一份通知过谁的列表、一个闭包）。赛道只能通过 `weak var delegate` 持有代理，记录圈速之前和之后都一样。")
    }

    @Test("every lap is announced once and told to the delegate once, whichever of the two is set, and in whatever order they were set")
    func everyEffectInEveryConfiguration() {
        for withAnnouncer in [false, true] {
            for withDelegate in [false, true] {
                for delegateFirst in [false, true] {
                    let track = TrackBuilder.makeTrack()
                    let speaker = SpyAnnouncer()
                    let wall = SpyDelegate()
                    if delegateFirst && withDelegate { track.delegate = wall }
                    if withAnnouncer { track.announcer = speaker }
                    if !delegateFirst && withDelegate { track.delegate = wall }
                    let laps = [("Ada", 81_500), ("Ben", 79_250), ("Ada", 81_500)]
                    for (driver, milliseconds) in laps { _ = track.recordLap(of: driver, using: FixedStopwatch(milliseconds: milliseconds)) }
                    let setup = "announcer \(withAnnouncer ? "set" : "not set"), delegate \(withDelegate ? "set" : "not set")"
                    if withAnnouncer {
                        #expect(speaker.messages == laps.map { "\($0.0): \($0.1) ms" }, "With \(setup), every lap should be announced once, in order, but the announcer heard \(speaker.messages). Announcing and telling the delegate are two separate jobs: recordLap does both, every time. [zh-Hans] 在\(withAnnouncer ? "设置了" : "没有设置")播报员、\(withDelegate ? "设置了" : "没有设置")代理的情况下，每一圈都应该按顺序播报一次，但播报员听到的是 \(speaker.messages)。播报和通知代理是两件独立的事：recordLap 每次都要两件都做。")
                    }
                    if withDelegate {
                        #expect(wall.laps == laps.map { "\($0.0) \($0.1)" }, "With \(setup), the delegate should hear every lap once, in order, but it heard \(wall.laps). Announcing and telling the delegate are two separate jobs: recordLap does both, every time. [zh-Hans] 在\(withAnnouncer ? "设置了" : "没有设置")播报员、设置了代理的情况下，代理应该按顺序听到每一圈一次，但它听到的是 \(wall.laps)。播报和通知代理是两件独立的事：recordLap 每次都要两件都做。")
                    }
                }
            }
        }
    }

    /// A driver's name as a track may get it: usual names, accents and other scripts, a name with a colon,
    /// a very long one, and names that are empty or blank (a lap is a lap, whoever drove it).
    static func anyDriver(using generator: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: return ["", " ", "\t", "  "].randomElement(using: &generator)!
        case 1: return ["Pérez", "周冠宇", "Ève: reserve", "O'Ward"].randomElement(using: &generator)!
        case 2: return String(repeating: "Ada", count: Int.random(in: 20...200, using: &generator))
        default: return ["Ada", "Ben", "Cleo", "Dan"].randomElement(using: &generator)!
        }
    }

    /// A stopwatch's reading, over every `Int` one can return: usual laps, very short and very long ones (a lap
    /// behind the safety car), and what a faulty watch reads (0, negative numbers, the ends of `Int`). The track
    /// reports what it was handed; it does not correct it.
    static func anyMilliseconds(using generator: inout SeededGenerator) -> Int {
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: return Int.random(in: 0...1_000, using: &generator)
        case 1: return Int.random(in: 1_000_000...100_000_000, using: &generator)
        case 2: return [Int.min, Int.max, -1, Int.random(in: Int.min...(-1), using: &generator)].randomElement(using: &generator)!
        default: return Int.random(in: 70_000...95_000, using: &generator)
        }
    }

    @Test("every lap, repeats included, by any driver name and of any length, is announced once by the announcer set last (the silent one too) and told once to the delegate set last, each stopwatch stopped once per lap it times, also when one object is both the announcer and the delegate, when one is set again, and when they record laps while they are called (200 seeded sessions)")
    func everyLapOnceWhateverTheOrder() {
        // Sessions of laps by two drivers with two times, so the same lap often comes twice in a row, while the
        // announcer and the delegate are set, replaced or removed between laps. The same objects come back: a
        // listener set again, one listener set as both the announcer and the delegate, a stopwatch handed to several
        // laps. And a listener may act while it is called: set the announcer or the delegate, or record a lap of its
        // own. The model (SessionModel) plays out what the text promises; the track must do the same.
        var generator = SeededGenerator(state: 0x02A0_0CE5)
        for session in 0..<200 {
            let track = TrackBuilder.makeTrack()
            let model = SessionModel()
            var listeners: [Listener] = []
            var watches: [FixedStopwatch] = []
            var steps: [String] = []
            // Two drivers and two times per session, from every shape they can take, so repeats stay common.
            let drivers = [Self.anyDriver(using: &generator), Self.anyDriver(using: &generator)]
            let times = [Self.anyMilliseconds(using: &generator), Self.anyMilliseconds(using: &generator)]

            // A stopwatch for the next lap: one already handed to an earlier lap (a car's watch times all its laps),
            // or a new one.
            func anyWatch() -> Int {
                if !watches.isEmpty && Int.random(in: 0..<3, using: &generator) == 0 {
                    return Int.random(in: 0..<watches.count, using: &generator)
                }
                let milliseconds = times.randomElement(using: &generator)!
                watches.append(FixedStopwatch(milliseconds: milliseconds))
                model.addWatch(reading: milliseconds)
                return watches.count - 1
            }
            // What a new listener does while it is called: mostly nothing; else it sets the announcer or the delegate
            // (to itself, an earlier listener or none), or records a lap of its own.
            func anyAct(of index: Int) -> (Listener.Act?, SessionModel.Act?, String) {
                switch Int.random(in: 0..<8, using: &generator) {
                case 0:
                    let target = Int.random(in: 0...index, using: &generator)
                    return (.setAnnouncer(listeners[target]), .setAnnouncer(target), "sets listener \(target) as the announcer")
                case 1:
                    let target = Bool.random(using: &generator) ? Int.random(in: 0...index, using: &generator) : nil
                    return (.setDelegate(target.map { listeners[$0] }), .setDelegate(target), "sets \(target.map { "listener \($0)" } ?? "no one") as the delegate")
                case 2, 3:
                    let driver = drivers.randomElement(using: &generator)!
                    let watch = anyWatch()
                    return (.recordLap(driver: driver, watch: watches[watch]), .recordLap(driver: driver, watch: watch),
                            "records a lap of \(driver.debugDescription) on watch \(watch)")
                default:
                    return (nil, nil, "does nothing more")
                }
            }
            // A listener new to the session or, as often, one already in it: the same object set again.
            func anyListener() -> (index: Int, described: String) {
                if !listeners.isEmpty && Bool.random(using: &generator) {
                    let index = Int.random(in: 0..<listeners.count, using: &generator)
                    return (index, "listener \(index) (again)")
                }
                let index = listeners.count
                let listener = Listener()
                listener.track = track
                listeners.append(listener)
                let speaking = anyAct(of: index), hearing = anyAct(of: index)
                let laps = Int.random(in: 0...2, using: &generator)
                listener.whileSpeaking = speaking.0
                listener.whileTold = hearing.0
                listener.lapsLeft = laps
                model.addListener(whileSpeaking: speaking.1, whileTold: hearing.1, lapsLeft: laps)
                return (index, "listener \(index) (new; while it speaks it \(speaking.2); when it is told it \(hearing.2); it records \(laps) lap\(laps == 1 ? "" : "s") at most while it is called)")
            }

            for _ in 0..<Int.random(in: 1...25, using: &generator) {
                switch Int.random(in: 0..<10, using: &generator) {
                case 0:
                    let (index, described) = anyListener()
                    track.announcer = listeners[index]
                    model.announcer = index
                    steps.append("announcer: \(described)")
                case 1:
                    let (index, described) = anyListener()
                    track.delegate = listeners[index]
                    model.delegate = index
                    steps.append("delegate: \(described)")
                case 2:
                    // One object in two roles: it is asked to say each lap, and then told of it.
                    let (index, described) = anyListener()
                    track.announcer = listeners[index]
                    track.delegate = listeners[index]
                    model.announcer = index
                    model.delegate = index
                    steps.append("announcer and delegate: \(described)")
                case 3:
                    track.delegate = nil
                    model.delegate = nil
                    steps.append("no delegate")
                case 4:
                    // Muting the track again: the silent announcer replaces whoever spoke.
                    track.announcer = SilentAnnouncer()
                    model.announcer = nil
                    steps.append("silent announcer")
                default:
                    let driver = drivers.randomElement(using: &generator)!
                    let watch = anyWatch()
                    let returned = track.recordLap(of: driver, using: watches[watch])
                    let text = model.lap(of: driver, watch: watch)
                    steps.append("lap \(driver.debugDescription) on watch \(watch) (\(watches[watch].milliseconds) ms)")
                    let stops = watches.map(\.stops)
                    if stops != model.stops {
                        Issue.record("Session \(session) (seed 0x02A00CE5), after \(steps.joined(separator: ", ")): the stopwatches (by number) should have been stopped \(model.stops) times, once for each lap they timed, and were stopped \(stops) times. Stop the watch handed to a call once, whatever it reads (0 or a negative number from a faulty watch too), also when the same watch times another lap or a lap is recorded while a listener is called: the track reports the reading, it does not read again, skip or correct it. [zh-Hans] 第 \(session) 场（种子 0x02A00CE5），在 \(steps.joined(separator: "、")) 之后：各块秒表（按编号）应该分别被停止 \(model.stops) 次，它计时的每一圈一次，实际被停止了 \(stops) 次。交给一次调用的秒表只停止一次，不管它读数是多少（0 或故障秒表给出的负数也一样），同一块秒表再给另一圈计时、或者在调用某个协作者的过程中又记录了一圈时也一样：赛道报告这个读数，不重新读取、不跳过，也不修正它。")
                        return
                    }
                    let said = listeners.map(\.said), told = listeners.map(\.told), inner = listeners.map(\.returned)
                    guard returned == text, said == model.said, told == model.told, inner == model.returned else {
                        Issue.record("Session \(session) (seed 0x02A00CE5), after \(steps.joined(separator: ", ")): recordLap should return \"\(text)\" (it returned \"\(returned)\"); the listeners (by number) should have been asked to say \(model.said) and were asked \(said); they should have been told \(model.told) and were told \(told); the laps they recorded while they were called should have returned \(model.returned) and returned \(inner). Every call to recordLap, the same lap twice in a row included, says its lap once through the announcer set last and then tells it once to the delegate set last, also when one object is both (it is asked to say the lap and then told of it), and also for a lap a listener records while it is called (that lap is said and told before that call returns): nothing is skipped, merged, repeated or kept for later. [zh-Hans] 第 \(session) 场（种子 0x02A00CE5），在 \(steps.joined(separator: "、")) 之后：recordLap 应该返回 \"\(text)\"（它返回了 \"\(returned)\"）；各个监听者（按编号）应该被要求说 \(model.said)，实际被要求说 \(said)；应该被告知 \(model.told)，实际被告知 \(told)；它们在被调用时记录的圈应该返回 \(model.returned)，实际返回 \(inner)。每次调用 recordLap（包括连续两次相同的圈）都通过最后设置的播报员把这一圈说一次，然后告诉最后设置的代理一次；同一个对象既是播报员又是代理时也一样（先让它说这一圈，再告诉它），协作者在被调用时记录的一圈也一样（这一圈在那次调用返回之前说完、告知完）：不跳过、不合并、不重复，也不留到以后。")
                        return
                    }
                }
            }
            withExtendedLifetime(listeners) {}
        }
    }

    @Test("a silent announcer keeps nothing: asked to say hundreds of laps (the same one again and again too), it stores what it stored before")
    func silentAnnouncerKeepsNothing() {
        let lines = ["Ada: 81500 ms", "Ada: 81500 ms", "", "Ben: -1 ms", String(repeating: "Cleo", count: 50) + ": 0 ms"]
        // One made by hand, asked directly.
        let made = SilentAnnouncer()
        let madeBefore = storedState(of: made)
        for round in 0..<300 { made.announce(lines[round % lines.count]) }
        let madeAfter = storedState(of: made)
        #expect(madeAfter == madeBefore, "SilentAnnouncer() stored \(madeBefore.prefix(300)) before it was asked to say 300 lines and \(madeAfter.prefix(300)) after: it keeps something of what it is asked to say (a count, the last line, a list). A null object does nothing at all: leave announce(_:) empty and give SilentAnnouncer nothing to store. [zh-Hans] SilentAnnouncer() 在被要求说 300 行之前保存的是 \(madeBefore.prefix(300))，之后是 \(madeAfter.prefix(300))：它留下了被要求说的内容的某些东西（计数、最后一行、列表）。空对象什么都不做：让 announce(_:) 保持为空，也不要让 SilentAnnouncer 保存任何东西。")
        // The one a track nobody configured holds, asked through the track.
        let track = TrackBuilder.makeTrack()
        let standInBefore = storedState(of: track.announcer)
        for round in 0..<300 { _ = track.recordLap(of: round % 3 == 0 ? "Ben" : "Ada", using: FixedStopwatch(milliseconds: 81_500)) }
        let standInAfter = storedState(of: track.announcer)
        #expect(standInAfter == standInBefore, "The announcer of a track nobody configured stored \(standInBefore.prefix(300)) before the track recorded 300 laps and \(standInAfter.prefix(300)) after: the default keeps something of what it is asked to say. A track nobody configured starts with a SilentAnnouncer that does nothing and stores nothing. [zh-Hans] 没有人配置过的赛道，它的播报员在赛道记录 300 圈之前保存的是 \(standInBefore.prefix(300))，之后是 \(standInAfter.prefix(300))：默认值留下了被要求说的内容的某些东西。没有人配置过的赛道从一个什么都不做、什么都不保存的 SilentAnnouncer 开始。")
    }
}
