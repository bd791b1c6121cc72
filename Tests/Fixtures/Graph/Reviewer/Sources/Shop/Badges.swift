import Foundation

/// Badge counts kept in the type itself: every instance shares them.
public final class Badges {
    private static var counts: [String: Int] = [:]
    private static var observing = 0

    public init() {}

    public func bump(_ name: String) {
        Self.counts[name, default: 0] += 1 // expect: global state Badges.counts
    }

    public func count(_ name: String) -> Int {
        Badges.counts[name] ?? 0 // expect: global state Badges.counts
    }

    /// The address of a static is an identity for an observation, not state.
    public func token() -> UnsafeMutableRawPointer {
        withUnsafeMutablePointer(to: &Self.observing) { UnsafeMutableRawPointer($0) }
    }

    /// A static member that reads the disk reads it all the same.
    public static func load(from url: URL) -> Int {
        let data = try? Data(contentsOf: url) // expect: global state Data(contentsOf:)
        return data?.count ?? 0
    }
}
