/// The loudspeakers around the grandstand: the live announcer, reachable
/// from anywhere as `StadiumSpeakers.shared`. You do not change this file.
///
/// Every read of `shared` is counted in `sharedAccessCount`: the tests use the
/// count as a tripwire, to prove that a track never reaches for the speakers
/// on its own.
public final class StadiumSpeakers: Announcer {
    nonisolated(unsafe) private static let instance = StadiumSpeakers()
    nonisolated(unsafe) public private(set) static var sharedAccessCount = 0

    /// The one set of speakers. There is no other way to get one.
    public static var shared: StadiumSpeakers {
        sharedAccessCount += 1
        return instance
    }

    /// Everything the speakers have said, oldest first.
    public private(set) var broadcasts: [String] = []

    private init() {}

    public func announce(_ message: String) {
        broadcasts.append(message)
    }
}
