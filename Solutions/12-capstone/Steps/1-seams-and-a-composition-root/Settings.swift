/// The user's settings, reachable from anywhere as `Settings.standard`.
/// You do not change this file.
///
/// Every read of `standard` is counted in `standardAccessCount`: the tests use
/// the count as a tripwire, to prove that an app handed its user name never
/// looks it up here.
public final class Settings {
    nonisolated(unsafe) private static let instance = Settings()
    nonisolated(unsafe) public private(set) static var standardAccessCount = 0

    /// The settings everyone shares.
    public static var standard: Settings {
        standardAccessCount += 1
        return instance
    }

    /// The name shown next to the messages this user sends.
    public var userName = "Race engineer"

    public init() {}
}
