/// Wrong on purpose: the null object says nothing when asked to announce, but
/// speaks when it is made and when it goes: a track nobody configured still
/// makes noise. It compiles against the tests; the rules must reject it.
public final class SilentAnnouncer: Announcer {
    public init() {
        print("PA system on")
    }

    deinit {
        print("PA system off")
    }

    public func announce(_ message: String) {}
}
