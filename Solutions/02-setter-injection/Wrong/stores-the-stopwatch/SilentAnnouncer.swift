public final class SilentAnnouncer: Announcer {
    public init() {}
    public func announce(_ message: String) {}
}
