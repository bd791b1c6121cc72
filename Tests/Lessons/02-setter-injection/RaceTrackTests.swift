import Testing
@testable import SetterInjection

/// An announcer that writes down what it is asked to say.
final class SpyAnnouncer: Announcer {
    private(set) var messages: [String] = []

    func announce(_ message: String) {
        messages.append(message)
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

@Suite("Setter and method injection", .serialized)
struct RaceTrackTests {
    @Test("the announcer set on the track is the one that speaks")
    func usesTheAnnouncerItWasGiven() {
        let track = TrackBuilder.makeTrack()
        let spy = SpyAnnouncer()
        track.announcer = spy
        let result = track.recordLap(of: "Ada", using: FixedStopwatch(milliseconds: 81_500))
        #expect(result == "Ada: 81500 ms", "recordLap(of:using:) should return \"<driver>: <milliseconds> ms\" with the time read from the stopwatch passed to it.")
        #expect(spy.messages == ["Ada: 81500 ms"], "The announcer set through track.announcer should announce the lap exactly once, but it heard \(spy.messages). Does recordLap call announce on the announcer property?")
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
        #expect(northSpeaker.messages == ["Ada: 80000 ms"], "Each track should announce through the announcer set on that track, but the first one heard \(northSpeaker.messages). Store the announcer in an instance property, not in a static or global one.")
        #expect(southSpeaker.messages == ["Ben: 90000 ms"], "Each track should announce through the announcer set on that track, but the second one heard \(southSpeaker.messages). Store the announcer in an instance property, not in a static or global one.")
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
        #expect(watcher != nil, "The announcer handed to track.announcer was gone as soon as the test stopped holding it: the track does not keep it. Unlike the delegate, the announcer belongs to the track: declare it as a plain `var announcer: any Announcer`, not `weak`.")
        _ = track.recordLap(of: "Ada", using: FixedStopwatch(milliseconds: 81_500))
        if let spy = watcher {
            #expect(spy.messages == ["Ada: 81500 ms"], "The announcer handed to track.announcer should announce the lap exactly once, even when nobody else holds on to it, but it heard \(spy.messages).")
        }
    }

    @Test("a track with no announcer set stays silent and never touches the speakers")
    func safeDefaultWhenNothingIsSet() {
        let before = StadiumSpeakers.sharedAccessCount
        let track = TrackBuilder.makeTrack()
        let result = track.recordLap(of: "Cy", using: FixedStopwatch(milliseconds: 75_250))
        let reads = StadiumSpeakers.sharedAccessCount - before
        #expect(result == "Cy: 75250 ms", "With no announcer set, recordLap(of:using:) should still work and return the lap text.")
        #expect(reads == 0, "A track with no announcer set read StadiumSpeakers.shared \(reads) time(s). The default must be a silent announcer (a null object), not the live speakers: nothing was set, so nothing should be broadcast.")
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
        #expect(first == "Ada: 81500 ms", "The first lap should be read from the stopwatch passed to that call (81500 ms), but the result was \"\(first)\".")
        #expect(second == "Ben: 79250 ms", "The second lap should be read from the stopwatch passed to that call (79250 ms), but the result was \"\(second)\". Do not keep the first stopwatch around.")
        #expect(adasWatch.stops == 1 && bensWatch.stops == 1, "Each stopwatch should be stopped exactly once, by its own call (stops: \(adasWatch.stops) and \(bensWatch.stops)).")
        #expect(reads == 0, "recordLap(of:using:) read TrackStopwatch.shared \(reads) time(s). Use the stopwatch parameter instead.")
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
        _ = north.recordLap(of: "Ada", using: FixedStopwatch(milliseconds: 81_500))
        #expect(northWall.laps == ["Ada 81500"], "The delegate should be told about the lap once, with the driver and the milliseconds, but it heard \(northWall.laps).")
        #expect(southWall.laps.isEmpty, "A lap on one track reached the delegate of another track (it heard \(southWall.laps)). Keep the delegate in an instance property of the track (`public weak var delegate`), not in a static or global variable.")
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
        #expect(watcher == nil, "The delegate is still alive after everyone else let it go: the track holds it strongly. Declare the property as `weak var delegate`, so a delegate that goes away does not leak.")
        let result = track.recordLap(of: "Ada", using: FixedStopwatch(milliseconds: 81_500))
        #expect(result == "Ada: 81500 ms", "A track whose delegate went away should still record laps.")
    }
}
