/// A fire extinguisher: heavy, and good for one fire only. You do not change
/// this file.
public final class FireExtinguisher {
    public private(set) var isEmpty = false

    public init() {}

    /// Puts a fire out: `true` the first time, `false` once it is empty.
    public func spray() -> Bool {
        guard !isEmpty else { return false }
        isEmpty = true
        return true
    }
}
