/// What watch mode does, as a pure state machine: events in, effects out.
/// No clock, no files, no terminal: the session performs the effects, so
/// every rule below is tested with plain values.
///
///     var machine = WatchMachine(lesson: "01-constructor-injection", next: "02-...", passed: false, hintCount: 3, hintsShown: 0)
///     machine.handle(.opened)                  // [.startCheck, .render]
///     machine.handle(.filesChanged)            // a save while checking: remembered
///     machine.handle(.checkFinished(.fail))    // [.startCheck, .render]: one more check
///
/// The rules:
/// - never two checks at once; a save (or `r`) during a check runs exactly one
///   more check after it, however many saves came in between;
/// - a pass celebrates and offers the refactoring and the next lesson, but the
///   lesson only changes when the learner presses `n` (no surprise jump);
/// - `n` on a lesson not passed yet asks once more before moving on;
/// - the solution opens only after the lesson passed.
public struct WatchMachine: Sendable, Equatable {
    /// What the lower part of the screen shows.
    public enum Panel: Sendable, Equatable {
        case none
        case welcome
        /// Hint number `index` (1-based); `exhausted` when there are no more after it.
        case hint(index: Int, exhausted: Bool)
        case noHints
        case list
        case solution
        case solutionLocked
        case refactoring
        /// "Not passed yet: press n again to move on anyway."
        case confirmSkip
        case lastLesson
    }

    public enum Event: Sendable, Equatable {
        case opened
        case filesChanged
        case checkFinished(Status)
        case key(String)
        case resized
    }

    public enum Effect: Sendable, Equatable {
        case startCheck
        case cancelCheck
        case render
        /// Remember in progress that hints 1...count were shown.
        case recordHints(Int)
        case openLesson(String)
        case quit
    }

    public var lesson: String
    /// The lesson after this one in course order, if any.
    public var next: String?
    public var checking = false
    public var recheckPending = false
    public var lastStatus: Status?
    /// Passed now or at any time before (progress remembers a pass).
    public var passed: Bool
    /// True from the check that passed until the learner's next move.
    public var celebrating = false
    public var panel: Panel
    public var hintCount: Int
    public var hintsShown: Int
    public var finished = false

    public init(lesson: String, next: String?, passed: Bool, hintCount: Int, hintsShown: Int, welcome: Bool = false) {
        self.lesson = lesson
        self.next = next
        self.passed = passed
        self.hintCount = hintCount
        self.hintsShown = min(hintsShown, hintCount)
        self.panel = welcome ? .welcome : .none
    }

    @discardableResult
    public mutating func handle(_ event: Event) -> [Effect] {
        guard !finished else { return [] }
        switch event {
        case .opened:
            return requestCheck()
        case .filesChanged:
            if panel == .confirmSkip || panel == .lastLesson || panel == .welcome { panel = .none }
            return requestCheck()
        case .checkFinished(let status):
            checking = false
            let before = lastStatus
            lastStatus = status
            if status == .pass {
                if before != .pass { celebrating = true }
                passed = true
            } else {
                celebrating = false
            }
            if recheckPending {
                recheckPending = false
                checking = true
                return [.startCheck, .render]
            }
            return [.render]
        case .resized:
            return [.render]
        case .key(let key):
            return press(key)
        }
    }

    private mutating func requestCheck() -> [Effect] {
        if checking {
            recheckPending = true
            return [.render]
        }
        checking = true
        return [.startCheck, .render]
    }

    private mutating func press(_ key: String) -> [Effect] {
        switch key {
        case "h", "H":
            guard hintCount > 0 else {
                panel = .noHints
                return [.render]
            }
            var effects: [Effect] = []
            if case .hint(let index, _) = panel, index == hintsShown, hintsShown < hintCount {
                hintsShown += 1
                effects.append(.recordHints(hintsShown))
            } else if hintsShown == 0 {
                hintsShown = 1
                effects.append(.recordHints(1))
            }
            panel = .hint(index: hintsShown, exhausted: hintsShown == hintCount)
            return effects + [.render]
        case "l", "L":
            panel = panel == .list ? .none : .list
            return [.render]
        case "r", "R":
            return requestCheck()
        case "s", "S":
            panel = passed ? .solution : .solutionLocked
            return [.render]
        case "d", "D":
            panel = panel == .refactoring ? .none : .refactoring
            return [.render]
        case "n", "N":
            guard let next else {
                panel = .lastLesson
                return [.render]
            }
            guard passed || panel == .confirmSkip else {
                panel = .confirmSkip
                return [.render]
            }
            finished = true
            return (checking ? [.cancelCheck] : []) + [.openLesson(next)]
        case "q", "Q", "\u{3}", "\u{4}":
            finished = true
            return (checking ? [.cancelCheck] : []) + [.quit]
        case "\u{1B}", "\n", "\r", " ":
            panel = .none
            celebrating = false
            return [.render]
        default:
            return []
        }
    }
}
