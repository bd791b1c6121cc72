import Foundation
import Testing
@testable import KataCore

@Suite("Watching a lesson's files")
struct LessonWatcherTests {
    let folder = "/course/Lessons/01-add/Sources"

    func poll(_ watcher: inout LessonWatcher) -> Bool { watcher.poll() }

    func make(_ fs: InMemoryFileSystem, _ clock: FixedClock) -> LessonWatcher {
        LessonWatcher(folder: folder, fileSystem: fs, clock: clock, quietPeriod: 0.1, fullScanInterval: 0.5)
    }

    @Test("nothing saved, nothing reported")
    func quietFolder() {
        let fs = InMemoryFileSystem(["\(folder)/A.swift": "a"])
        let clock = FixedClock()
        var watcher = make(fs, clock)
        for _ in 0..<20 {
            clock.advance(0.05)
            #expect(!poll(&watcher))
        }
    }

    @Test("an editor's save in three quick writes runs one check, after it settles")
    func debounce() {
        let fs = InMemoryFileSystem(["\(folder)/A.swift": "a"])
        let clock = FixedClock()
        var watcher = make(fs, clock)
        var reports = 0
        for (step, text) in ["", "a +", "a + b"].enumerated() {
            fs.add("\(folder)/A.swift", text, date: Date(timeIntervalSince1970: Double(100 + step)))
            clock.advance(0.03)
            if watcher.poll() { reports += 1 }
        }
        #expect(reports == 0, "the content is still moving: no check yet")
        for _ in 0..<10 {
            clock.advance(0.03)
            if watcher.poll() { reports += 1 }
        }
        #expect(reports == 1)
    }

    @Test("content decides: a save that changes no byte runs no check")
    func touchWithoutChange() {
        let fs = InMemoryFileSystem(["\(folder)/A.swift": "a"])
        let clock = FixedClock()
        var watcher = make(fs, clock)
        fs.add("\(folder)/A.swift", "a", date: Date(timeIntervalSince1970: 999))
        clock.advance(0.2)
        #expect(!poll(&watcher))
        clock.advance(0.2)
        #expect(!poll(&watcher))
    }

    @Test("an edit that keeps the file's time is still seen (coarse timestamps)")
    func sameModificationTime() {
        let fs = InMemoryFileSystem(["\(folder)/A.swift": "a"])
        let clock = FixedClock()
        var watcher = make(fs, clock)
        fs.add("\(folder)/A.swift", "changed", date: Date(timeIntervalSince1970: 0))
        var seen = false
        for _ in 0..<30 where !seen {
            clock.advance(0.05)
            seen = watcher.poll()
        }
        #expect(seen)
        #expect(clock.now().timeIntervalSince(Date(timeIntervalSince1970: 1_800_000_000)) <= 0.7,
                "seen within a full-scan interval plus the quiet period")
    }

    @Test("a new file and a deleted file count as changes; other files do not")
    func filesComeAndGo() {
        let fs = InMemoryFileSystem(["\(folder)/A.swift": "a"])
        let clock = FixedClock()
        var watcher = make(fs, clock)
        fs.add("\(folder)/.A.swift.swp", "editor noise", date: Date(timeIntervalSince1970: 5))
        fs.add("\(folder)/notes.txt", "not Swift", date: Date(timeIntervalSince1970: 5))
        clock.advance(0.2)
        #expect(!poll(&watcher))
        fs.add("\(folder)/B.swift", "b", date: Date(timeIntervalSince1970: 6))
        clock.advance(0.01); _ = watcher.poll()
        clock.advance(0.2)
        #expect(poll(&watcher))
        try? fs.remove("\(folder)/B.swift")
        clock.advance(0.01); _ = watcher.poll()
        clock.advance(0.2)
        #expect(poll(&watcher))
    }

    @Test("an edit undone before it settles runs no check")
    func undoneEdit() {
        let fs = InMemoryFileSystem(["\(folder)/A.swift": "a"])
        let clock = FixedClock()
        var watcher = make(fs, clock)
        fs.add("\(folder)/A.swift", "oops", date: Date(timeIntervalSince1970: 7))
        clock.advance(0.03)
        #expect(!poll(&watcher))
        fs.add("\(folder)/A.swift", "a", date: Date(timeIntervalSince1970: 8))
        for _ in 0..<10 {
            clock.advance(0.05)
            #expect(!poll(&watcher))
        }
    }
}
