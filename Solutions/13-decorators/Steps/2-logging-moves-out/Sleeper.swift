import Foundation

/// Waits. You do not change this file.
public protocol Sleeper {
    func sleep(milliseconds: Int)
}

/// The real one: the thread really stops for that long. The app hands it in;
/// a test hands in one that only writes down how long it was asked to wait.
public struct SystemSleeper: Sleeper {
    public init() {}

    public func sleep(milliseconds: Int) {
        Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)
    }
}
