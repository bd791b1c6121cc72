/// The safe default: an announcer that says nothing.
///
/// A track that nobody configured still works; it just does not broadcast.
/// This is a *null object*: it fills the place of a real collaborator
/// without doing anything, so the track never has to check for `nil` and
/// never falls back to the live speakers.
public final class SilentAnnouncer: Announcer {
    public init() {}

    public func announce(_ message: String) {}
}
