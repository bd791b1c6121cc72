import Testing
// No `@testable` here: this file sees the module as the app does, from outside it, where only what is `public`
// can be read, set or called.
import SetterInjection

/// The composition root lives in the app, not in this module: it builds the track with `TrackBuilder.makeTrack()`
/// and then sets the track's collaborators through their properties. If the compiler stops in this file, something
/// the app needs is not open to it.
@Suite("The track as the app sees it")
struct AppViewTests {
    @Test("the app, outside the module, sets the announcer and the delegate, and records a lap")
    func theAppSetsTheCollaborators() {
        let track = TrackBuilder.makeTrack()
        let announcer = SpyAnnouncer()
        let delegate = SpyDelegate()
        // "setter is inaccessible" here: the app sets the announcer, so declare it `public var announcer: any Announcer`,
        // with no `private(set)` or `internal(set)`. [zh-Hans] 这里报“setter is inaccessible”：播报员由应用来设置，
        // 所以要声明成 `public var announcer: any Announcer`，不要加 `private(set)` 或 `internal(set)`。
        track.announcer = announcer
        // The same for the delegate: `public weak var delegate: (any RaceTrackDelegate)?`. [zh-Hans] 代理也一样：
        // `public weak var delegate: (any RaceTrackDelegate)?`。
        track.delegate = delegate
        let lap = track.recordLap(of: "Ada", using: FixedStopwatch(milliseconds: 81_500))
        #expect(lap == "Ada: 81500 ms", "recordLap(of:using:) called by the app should return \"Ada: 81500 ms\", not \"\(lap)\". [zh-Hans] 应用调用 recordLap(of:using:) 应该得到 \"Ada: 81500 ms\"，而不是 \"\(lap)\"。")
        #expect(announcer.messages == ["Ada: 81500 ms"], "The announcer the app set should say the lap once; it heard \(announcer.messages). [zh-Hans] 应用设置的播报员应该把这一圈说一次；它听到的是 \(announcer.messages)。")
        #expect(delegate.laps == ["Ada 81500"], "The delegate the app set should hear of the lap once; it heard \(delegate.laps). [zh-Hans] 应用设置的代理应该听到这一圈一次；它听到的是 \(delegate.laps)。")
    }
}
