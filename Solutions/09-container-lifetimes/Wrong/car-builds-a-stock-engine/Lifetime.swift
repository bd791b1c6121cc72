/// How long a resolved service lives.
public enum Lifetime {
    /// A new instance on every `resolve`.
    case transient
    /// One instance per container, built on the first `resolve`.
    case shared
    /// One instance as long as someone outside the container holds it;
    /// after the last holder lets go, the next `resolve` builds a new one.
    case weak
}

extension RaceCar {
    /// A car for a quick lap in the garage, without asking the container.
    public convenience init() {
        self.init(engine: V8Engine())
    }
}
