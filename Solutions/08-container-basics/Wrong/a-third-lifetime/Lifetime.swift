/// How long a resolved service lives.
public enum Lifetime {
    /// A new instance on every `resolve`.
    case transient
    /// One instance per container, built on the first `resolve`.
    case shared
    /// One instance per container, built as soon as it is registered, so a
    /// factory that fails shows at start-up.
    case preloaded
}
