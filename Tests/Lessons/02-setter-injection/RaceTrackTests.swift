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

    @Test("every lap, repeats included, by any driver name and of any length, is announced once by the announcer set last (the silent one too) and told once to the delegate set last, each stopwatch stopped once (200 seeded sessions)")
    func everyLapOnceWhateverTheOrder() {
        // Sessions of laps by a few drivers with a few times, so the same lap often comes twice in a row, while the
        // announcer and the delegate are set, replaced or removed between laps. The model: each recordLap returns
        // "<driver>: <ms> ms", says it once through the announcer set last, and tells the delegate set last once.
        var generator = SeededGenerator(state: 0x02A0_0CE5)
        for session in 0..<200 {
            let track = TrackBuilder.makeTrack()
            var announcers: [SpyAnnouncer] = []
            var delegates: [SpyDelegate] = []
            var heard: [[String]] = []
            var told: [[String]] = []
            var current: Int? = nil
            var currentDelegate: Int? = nil
            // Announcers that, while they speak, set the track's delegate (to one of `delegates`, or to none).
            var handOver: [Int: Int?] = [:]
            var steps: [String] = []
            // Two drivers and two times per session, from every shape they can take, so repeats stay common.
            let drivers = [Self.anyDriver(using: &generator), Self.anyDriver(using: &generator)]
            let times = [Self.anyMilliseconds(using: &generator), Self.anyMilliseconds(using: &generator)]
            for _ in 0..<Int.random(in: 1...25, using: &generator) {
                switch Int.random(in: 0..<10, using: &generator) {
                case 9:
                    // A host who, while saying a lap, hands the track to another screen (or to none): that lap is told
                    // to the delegate set last, the one set while it was said.
                    announcers.append(SpyAnnouncer()); heard.append([])
                    current = announcers.count - 1
                    var target: Int? = nil
                    if Bool.random(using: &generator) {
                        delegates.append(SpyDelegate()); told.append([])
                        target = delegates.count - 1
                    }
                    let screen = target.map { delegates[$0] }
                    announcers[current!].whileSpeaking = { [weak track] in track?.delegate = screen }
                    handOver[current!] = target
                    track.announcer = announcers[current!]
                    steps.append("announcer \(current!) (sets \(target.map { "delegate \($0)" } ?? "no delegate") while it speaks)")
                case 8:
                    // Muting the track again: the silent announcer replaces whoever spoke.
                    track.announcer = SilentAnnouncer()
                    current = nil
                    steps.append("silent announcer")
                case 0:
                    announcers.append(SpyAnnouncer()); heard.append([])
                    current = announcers.count - 1
                    track.announcer = announcers[current!]
                    steps.append("announcer \(current!)")
                case 1:
                    delegates.append(SpyDelegate()); told.append([])
                    currentDelegate = delegates.count - 1
                    track.delegate = delegates[currentDelegate!]
                    steps.append("delegate \(currentDelegate!)")
                case 2:
                    track.delegate = nil; currentDelegate = nil
                    steps.append("no delegate")
                default:
                    let driver = drivers.randomElement(using: &generator)!
                    let milliseconds = times.randomElement(using: &generator)!
                    let text = "\(driver): \(milliseconds) ms"
                    let watch = FixedStopwatch(milliseconds: milliseconds)
                    let returned = track.recordLap(of: driver, using: watch)
                    steps.append("lap \(driver.debugDescription) \(milliseconds)")
                    if watch.stops != 1 {
                        Issue.record("Session \(session) (seed 0x02A00CE5), after \(steps.joined(separator: ", ")): the stopwatch of that lap, reading \(milliseconds) ms, was stopped \(watch.stops) time\(watch.stops == 1 ? "" : "s"). Each watch is stopped once, whatever it reads (0 or a negative number from a faulty watch too): the track reports the reading, it does not read again or correct it. [zh-Hans] 第 \(session) 场（种子 0x02A00CE5），在 \(steps.joined(separator: "、")) 之后：那一圈的秒表读数是 \(milliseconds) ms，被停止了 \(watch.stops) 次。每块秒表只停止一次，不管它读数是多少（0 或故障秒表给出的负数也一样）：赛道报告这个读数，不重新读取，也不修正它。")
                        return
                    }
                    if let current {
                        heard[current].append(text)
                        if let target = handOver[current] { currentDelegate = target }
                    }
                    if let currentDelegate { told[currentDelegate].append("\(driver) \(milliseconds)") }
                    let said = announcers.map(\.messages), heardBy = delegates.map(\.laps)
                    guard returned == text, said == heard, heardBy == told else {
                        Issue.record("Session \(session) (seed 0x02A00CE5), after \(steps.joined(separator: ", ")): recordLap should return \"\(text)\" (it returned \"\(returned)\"); the announcers should have heard \(heard) and heard \(said); the delegates should have been told \(told) and were told \(heardBy). Every lap, the same lap twice in a row included, is said once through the announcer set last and told once to the delegate set last; nothing is skipped, repeated or kept back. [zh-Hans] 第 \(session) 场（种子 0x02A00CE5），在 \(steps.joined(separator: "、")) 之后：recordLap 应该返回 \"\(text)\"（它返回了 \"\(returned)\"）；播报员应该听到 \(heard)，实际听到 \(said)；代理应该被告知 \(told)，实际被告知 \(heardBy)。每一圈（包括连续两次相同的圈）都通过最后设置的播报员说一次，并告诉最后设置的代理一次；不跳过、不重复、不留着不说。")
                        return
                    }
                }
            }
        }
    }
}
