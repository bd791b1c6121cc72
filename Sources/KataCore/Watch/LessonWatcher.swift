import Foundation

/// Notices saves of a lesson's Swift files by polling, so it works where change
/// notifications never arrive (network folders, WSL's /mnt/c).
///
///     var watcher = LessonWatcher(folder: lesson.sources, fileSystem: fileSystem, clock: clock)
///     while true {
///         if watcher.poll() { runACheck() }   // a save, settled for `quietPeriod`
///         clock.sleep(seconds: 0.05)
///     }
///
/// Modification times only say *where to look*: what changed is decided by
/// content hashes. File times can be coarse, and a save right after a check is
/// the normal case in a watch loop, so every file is also hashed again every
/// `fullScanInterval` even when its time did not move. A save that leaves the
/// content as it was (or an edit undone before it settled) runs no check.
///
/// Debounce: an editor's save may be several writes (truncate, write, rename);
/// `poll()` answers true once the content has stayed the same for `quietPeriod`.
public struct LessonWatcher: Sendable {
    public let folder: String
    public let fileSystem: any FileSystem
    public let clock: any Clock
    /// Seconds the content must stay unchanged before a change is reported.
    public var quietPeriod: Double
    /// Seconds between full re-hashes that catch edits a coarse file time hides.
    public var fullScanInterval: Double

    private var times: [String: Date] = [:]
    private var hashes: [String: String] = [:]
    private var lastFullScan: Date
    /// The content last seen, and since when.
    private var seen: String
    private var seenSince: Date
    /// The content last reported as a change (or found at the start).
    private var reported: String

    public init(folder: String, fileSystem: any FileSystem, clock: any Clock, quietPeriod: Double = 0.1, fullScanInterval: Double = 0.5) {
        self.folder = folder
        self.fileSystem = fileSystem
        self.clock = clock
        self.quietPeriod = quietPeriod
        self.fullScanInterval = fullScanInterval
        let now = clock.now()
        lastFullScan = now
        seen = ""
        seenSince = now
        reported = ""
        scan(full: true, now: now)
        seen = fingerprint
        reported = seen
    }

    /// True once per settled change of the content since the last true (or the start).
    public mutating func poll() -> Bool {
        let now = clock.now()
        let full = now.timeIntervalSince(lastFullScan) >= fullScanInterval
        scan(full: full, now: now)
        let current = fingerprint
        if current != seen {
            seen = current
            seenSince = now
        }
        guard current != reported, now.timeIntervalSince(seenSince) >= quietPeriod else { return false }
        reported = current
        return true
    }

    /// Forget pending changes: the content as it is now counts as checked.
    public mutating func settle() {
        scan(full: true, now: clock.now())
        seen = fingerprint
        reported = seen
    }

    /// One value for the whole folder's content: file names and their hashes.
    private var fingerprint: String {
        hashes.keys.sorted().map { "\($0)=\(hashes[$0]!)" }.joined(separator: "\n")
    }

    private mutating func scan(full: Bool, now: Date) {
        let files = (try? fileSystem.filesRecursively(folder, withExtension: "swift")) ?? []
        var newTimes: [String: Date] = [:]
        var newHashes: [String: String] = [:]
        for file in files {
            let path = "\(folder)/\(file)"
            let time = fileSystem.modificationDate(path)
            newTimes[file] = time ?? Date.distantPast
            if !full, let known = hashes[file], times[file] == newTimes[file] {
                newHashes[file] = known
            } else {
                newHashes[file] = (try? fileSystem.read(path)).map(SHA256.hex) ?? "unreadable"
            }
        }
        times = newTimes
        hashes = newHashes
        if full { lastFullScan = now }
    }
}
