/// One wheel of a race car. You do not change this file.
public final class Wheel {
    public private(set) var isPunctured = false

    public init() {}

    public func puncture() {
        isPunctured = true
    }
}
