/// How long a resolved service lives, shortest first.
public enum Lifetime {
    /// A new instance on every `resolve`: it lives as long as whoever holds it.
    case transient
    /// One instance per scope (a stint), built on the first `resolve` in that
    /// scope; the next scope builds its own.
    case scoped
    /// One instance per container, built on the first `resolve`.
    case shared
}
