/// Somewhere a line of text can be written. You do not change this file.
public protocol TimingLog {
    func write(_ line: String)
}

/// The screen on the pit wall, where the engineers read what the software does.
///
/// Legacy code reaches it as `PitWall.shared`. Every read of `shared` is
/// counted in `sharedAccessCount`: the tests use the count as a tripwire.
public final class PitWall: TimingLog {
    nonisolated(unsafe) private static let instance = PitWall()
    nonisolated(unsafe) public private(set) static var sharedAccessCount = 0

    /// The singleton. One per process: a test cannot have its own.
    public static var shared: PitWall {
        sharedAccessCount += 1
        return instance
    }

    /// Every line shown so far, oldest first.
    public private(set) var lines: [String] = []

    public init() {}

    public func write(_ line: String) {
        lines.append(line)
    }
}

/// The race archive, kept for the stewards after the race.
///
/// Legacy code reaches it as `RaceArchive.shared`, counted like `PitWall.shared`.
public final class RaceArchive: TimingLog {
    nonisolated(unsafe) private static let instance = RaceArchive()
    nonisolated(unsafe) public private(set) static var sharedAccessCount = 0

    /// The singleton. One per process: a test cannot have its own.
    public static var shared: RaceArchive {
        sharedAccessCount += 1
        return instance
    }

    /// Every line archived so far, oldest first.
    public private(set) var lines: [String] = []

    public init() {}

    public func write(_ line: String) {
        lines.append(line)
    }
}
