/// The safe default: an announcer that says nothing.
///
/// A track that nobody configured still works; it just does not broadcast.
/// This is a *null object*: it fills the place of a real collaborator
/// without doing anything, so the track never has to check for `nil` and
/// never falls back to the live speakers.
///
/// Wrong on purpose: it says nothing, but it keeps the last line it was asked
/// to say (for a look in the debugger), in a channel it inherits: a stand-in
/// that keeps state. It compiles against the tests; the tests must reject it.
public final class SilentAnnouncer: MutedChannel, Announcer {}

/// A channel with its volume down: it remembers the last line instead of saying it.
public class MutedChannel {
    public private(set) var lastMutedLine: String?

    public init() {}

    public func announce(_ message: String) {
        lastMutedLine = message
    }
}
