/// Times one lap. You do not change this file.
public protocol Stopwatch: AnyObject {
    /// Stops the watch and returns the lap time in milliseconds.
    func stop() -> Int
}
