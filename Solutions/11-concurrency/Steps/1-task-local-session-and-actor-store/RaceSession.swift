/// The session that is being driven right now ("FP1", "Q1", "race").
///
/// A task-local value: set it for a piece of work with
/// `RaceSession.$id.withValue("Q1") { ... }`. Every child task and every
/// `Task { }` started inside sees it; `Task.detached` and work sent to a
/// `DispatchQueue` do not. Two sessions timed at the same time each see
/// their own value.
public enum RaceSession {
    @TaskLocal public static var id: String?
}
