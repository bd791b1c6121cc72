@testable import CaptiveDependencies

/// Counts the builds of a factory, and numbers what it builds.
final class Builds {
    private(set) var count = 0

    func next() -> Int {
        count += 1
        return count
    }
}

/// A set of tyres: one per stint in these tests (`.scoped`).
final class TyreSet {
    let number: Int
    init(number: Int) { self.number = number }
}

/// The team radio: one for the whole race (`.shared`).
final class TeamRadio {}

/// A fuel plan, worked out afresh for whoever asks (`.transient`).
final class FuelPlan {
    let tyres: TyreSet?
    init(tyres: TyreSet? = nil) { self.tyres = tyres }
}

/// The pit board: it holds the stint's tyres.
final class PitBoard {
    let tyres: TyreSet
    init(tyres: TyreSet) { self.tyres = tyres }
}

/// The race engineer: the holder in the captive tests.
final class RaceEngineer {
    let board: PitBoard?
    init(board: PitBoard? = nil) { self.board = board }
}

/// The strategist: an innocent bystander in the captive tests.
final class Strategist {}

/// What `verify()` threw: nil when it did not throw, the holder and the captive of a `LifetimeMismatch`, or
/// the description of another error.
enum Verdict: Equatable {
    case clean
    case mismatch(holder: String, captive: String, description: String)
    case otherError(String)

    init(of container: Container) {
        do {
            try container.verify()
            self = .clean
        } catch let error as LifetimeMismatch {
            // `holder` and `captive` are the two registrations' type names, as strings (the text's promise).
            let holder: String = error.holder, captive: String = error.captive
            self = .mismatch(holder: holder, captive: captive, description: String(describing: error))
        } catch {
            self = .otherError(String(describing: error))
        }
    }

    var shown: String {
        switch self {
        case .clean: "verify() did not throw"
        case let .mismatch(holder, captive, _): "verify() threw LifetimeMismatch(holder: \"\(holder)\", captive: \"\(captive)\")"
        case let .otherError(text): "verify() threw another error: \(text)"
        }
    }

    var shownZh: String {
        switch self {
        case .clean: "verify() 没有抛出错误"
        case let .mismatch(holder, captive, _): "verify() 抛出了 LifetimeMismatch(holder: \"\(holder)\", captive: \"\(captive)\")"
        case let .otherError(text): "verify() 抛出了另一种错误：\(text)"
        }
    }
}

/// A small random source with a seed, so every run drives the same cases.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func times(_ n: Int) -> String {
    "\(n) time\(n == 1 ? "" : "s")"
}

/// One link of a chain of transients: `Hop<TyreSet>` needs `TyreSet`, `Hop<Hop<TyreSet>>` needs `Hop<TyreSet>`, ...
final class Hop<Next> {}

/// Registers `count` transient links ending at `last`; returns the first link's type (the one to depend on).
func registerHops<Last>(_ container: Container, count: Int, endingAt last: Last.Type) -> Any.Type {
    func link<Next>(_ next: Next.Type, _ left: Int) -> Any.Type {
        container.register(Hop<Next>.self, dependencies: [next]) { _ in Hop<Next>() }
        return left == 1 ? Hop<Next>.self : link(Hop<Next>.self, left - 1)
    }
    return link(last, count)
}

/// The two registrations of one level of a ladder of diamonds: each needs both of the next level's.
final class LeftRail<Level> {}
final class RightRail<Level> {}

/// Registers `count` levels of transients, each level's two needing both of the next's (the last level needs `last`, if
/// any): a naive walk follows 2^count paths. Returns the first level's two types.
func registerDiamonds<Level>(_ container: Container, count: Int, level: Level.Type, endingAt last: Any.Type?) -> [Any.Type] {
    let next: [Any.Type] = count == 1 ? (last.map { [$0] } ?? []) : registerDiamonds(container, count: count - 1, level: Hop<Level>.self, endingAt: last)
    container.register(LeftRail<Level>.self, dependencies: next) { _ in LeftRail<Level>() }
    container.register(RightRail<Level>.self, dependencies: next) { _ in RightRail<Level>() }
    return [LeftRail<Level>.self, RightRail<Level>.self]
}

