/// How long a resolved service lives.
public enum Lifetime {
    /// A new instance on every `resolve`.
    case transient
    /// One instance per container, built on the first `resolve`.
    case shared
}
