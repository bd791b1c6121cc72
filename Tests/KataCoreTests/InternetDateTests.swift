import Foundation
import Testing
@testable import KataCore

@Suite("State files' dates are read and written as Foundation's ISO 8601 does")
struct InternetDateTests {
    /// Foundation's own formatter is the oracle: the same text for every second, and the same date back.
    @Test("2,000 seeded instants from 1600 to 2400 format and parse as ISO8601DateFormatter does")
    func agreesWithFoundation() {
        let formatter = ISO8601DateFormatter()
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let seconds = Int64(bitPattern: state >> 1) % 25_246_080_000 - 11_676_096_000
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            let expected = formatter.string(from: date)
            #expect(InternetDate.format(date) == expected, "\(seconds)")
            #expect(InternetDate.parse(expected) == date, "\(expected)")
        }
    }

    @Test("the edges of months, leap days and the epoch")
    func edges() throws {
        let formatter = ISO8601DateFormatter()
        for text in ["1970-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "2000-02-29T12:00:00Z", "2100-03-01T00:00:00Z",
                     "2024-12-31T23:59:59Z", "1600-01-01T00:00:00Z"] {
            let date = try #require(InternetDate.parse(text))
            #expect(date == formatter.date(from: text))
            #expect(InternetDate.format(date) == text)
        }
        // What the arithmetic does not take is Foundation's to judge, as before.
        for text in ["2023-02-29T00:00:00Z", "2023-13-01T00:00:00Z", "yesterday", "2026-11-28 16:40:58Z"] {
            #expect(InternetDate.parse(text) == formatter.date(from: text), "\(text)")
        }
        #expect(InternetDate.parse("yesterday") == nil)
        // Another RFC 3339 spelling goes to Foundation's parser.
        #expect(InternetDate.parse("2026-11-28T18:40:58+02:00") == InternetDate.parse("2026-11-28T16:40:58Z"))
    }

    @Test("progress written and read back keeps its dates")
    func progressRoundTrip() throws {
        let kata = FakeKata()
        let store = ProgressStore(fileSystem: kata.fileSystem, clock: kata.clock, stateFolder: "/course/.kata")
        var progress = Progress()
        let passed = Date(timeIntervalSince1970: 1_795_883_000)
        progress.lessons["01-constructor-injection", default: .init()].passedAt = passed
        try store.save(progress)
        let text = try kata.fileSystem.readText("/course/.kata/progress.json")
        #expect(text.contains("\"passed_at\" : \"2026-11-28T"))
        #expect(store.load().0.lessons["01-constructor-injection"]?.passedAt == passed)
    }
}
