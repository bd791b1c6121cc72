/// What watch mode does, as a pure state machine: events in, effects out.
/// No clock, no files, no terminal: the session performs the effects, so
/// every rule below is tested with plain values.
///
///     var machine = WatchMachine(lesson: "01-constructor-injection", next: "02-...", passed: false, hintCount: 3, hintsShown: 0)
///     machine.handle(.opened)                  // [.startCheck, .render]
///     machine.handle(.filesChanged)            // a save while checking: [.cancelCheck, .startCheck, .render]
///     machine.handle(.checkFinished(.fail))    // [.render]
///
/// The rules:
/// - never two checks at once; a save (or `r`) during a check stops that check
///   at once (its processes end) and starts a new one on the newest code, so a
///   hanging test never makes the learner wait for it;
/// - a panel (hints, list, solution, refactoring, lesson text) scrolls with the
///   arrows, PgUp/PgDn and space, and closes with Esc or q; q quits only when no
///   panel is open;
/// - the list opens a lesson: arrows or its number pick it, Enter opens it;
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
        /// The lesson's README, in the learner's language.
        case lessonText
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

    /// Keys as `readKey` and the session deliver them.
    public enum Keys {
        public static let up = "\u{1B}[A"
        public static let down = "\u{1B}[B"
        public static let pageUp = "\u{1B}[5~"
        public static let pageDown = "\u{1B}[6~"
        public static let home = "\u{1B}[H"
        public static let end = "\u{1B}[F"
        public static let escape = "\u{1B}"
    }

    public var lesson: String
    /// The lesson after this one in course order, if any.
    public var next: String?
    /// Every lesson of the course, in order (the list's rows).
    public var lessons: [String]
    public var checking = false
    /// The running check replaced one that a save (or `r`) stopped.
    public var restarted = false
    /// First line of the open panel shown (0 = its top); the screen keeps it in range.
    public var scroll = 0
    /// Lines of panel one page holds; the session sets it from the window's height.
    public var pageRows = 10
    /// The row chosen in the list.
    public var selection = 0
    /// Digits typed in the list, to pick a lesson by number.
    private var typed = ""
    public var lastStatus: Status?
    /// Passed now or at any time before (progress remembers a pass).
    public var passed: Bool
    /// True from the check that passed until the learner's next move.
    public var celebrating = false
    public var panel: Panel
    public var hintCount: Int
    public var hintsShown: Int
    public var finished = false

    public init(lesson: String, next: String?, passed: Bool, hintCount: Int, hintsShown: Int, welcome: Bool = false, lessons: [String] = []) {
        self.lesson = lesson
        self.next = next
        self.lessons = lessons
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
            if panel == .confirmSkip || panel == .lastLesson || panel == .welcome { show(.none) }
            return requestCheck()
        case .checkFinished(let status):
            checking = false
            restarted = false
            let before = lastStatus
            lastStatus = status
            if status == .pass {
                if before != .pass { celebrating = true }
                passed = true
            } else {
                celebrating = false
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
            restarted = true
            return [.cancelCheck, .startCheck, .render]
        }
        checking = true
        return [.startCheck, .render]
    }

    /// Opens `next` panel at its top.
    private mutating func show(_ next: Panel) {
        if next != panel { scroll = 0 }
        panel = next
        typed = ""
    }

    private mutating func scrolled(by lines: Int) -> [Effect] {
        scroll = max(0, scroll + lines)
        return [.render]
    }

    private mutating func open(_ id: String) -> [Effect] {
        if id == lesson {
            show(.none)
            return [.render]
        }
        finished = true
        return (checking ? [.cancelCheck] : []) + [.openLesson(id)]
    }

    private mutating func press(_ key: String) -> [Effect] {
        if panel == .list, let effects = pressInList(key) { return effects }
        if panel != .none {
            let closable = panel != .welcome && panel != .confirmSkip && panel != .lastLesson
            switch key {
            case Keys.up: return scrolled(by: -1)
            case Keys.down: return scrolled(by: 1)
            case Keys.pageUp: return scrolled(by: -max(1, pageRows - 1))
            case Keys.pageDown, " ": return scrolled(by: max(1, pageRows - 1))
            case Keys.home: return scrolled(by: -scroll)
            case Keys.escape, "q", "Q":
                guard closable || key == Keys.escape else { break }
                show(.none)
                celebrating = false
                return [.render]
            default: break
            }
        }
        switch key {
        case "h", "H":
            guard hintCount > 0 else {
                show(.noHints)
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
            show(.hint(index: hintsShown, exhausted: hintsShown == hintCount))
            return effects + [.render]
        case "l", "L":
            selection = lessons.firstIndex(of: lesson) ?? 0
            show(.list)
            return [.render]
        case "t", "T":
            show(panel == .lessonText ? .none : .lessonText)
            return [.render]
        case "r", "R":
            return requestCheck()
        case "s", "S":
            show(passed ? .solution : .solutionLocked)
            return [.render]
        case "d", "D":
            show(panel == .refactoring ? .none : .refactoring)
            return [.render]
        case "n", "N":
            guard let next else {
                show(.lastLesson)
                return [.render]
            }
            guard passed || panel == .confirmSkip else {
                show(.confirmSkip)
                return [.render]
            }
            return open(next)
        case "q", "Q", "\u{3}", "\u{4}":
            finished = true
            return (checking ? [.cancelCheck] : []) + [.quit]
        case Keys.escape, "\n", "\r", " ":
            show(.none)
            celebrating = false
            return [.render]
        default:
            return []
        }
    }

    /// Keys the list gives a meaning of its own: moving, numbers, Enter; nil for the others.
    private mutating func pressInList(_ key: String) -> [Effect]? {
        switch key {
        case "l", "L":
            show(.none)
            return [.render]
        default:
            break
        }
        guard !lessons.isEmpty else { return nil }
        switch key {
        case Keys.up:
            selection = max(0, selection - 1)
        case Keys.down:
            selection = min(lessons.count - 1, selection + 1)
        case Keys.pageUp:
            selection = max(0, selection - max(1, pageRows - 1))
        case Keys.pageDown:
            selection = min(lessons.count - 1, selection + max(1, pageRows - 1))
        case "\n", "\r":
            return open(lessons[min(selection, lessons.count - 1)])
        default:
            guard key.count == 1, let digit = key.first, digit.isASCII, digit.isNumber else { return nil }
            typed = typed.count >= 2 ? String(digit) : typed + String(digit)
            if let index = lessons.firstIndex(where: { Self.number(of: $0) == Int(typed) }) {
                selection = index
            } else if let index = lessons.firstIndex(where: { Self.number(of: $0) == Int(String(digit)) }) {
                typed = String(digit)
                selection = index
            }
            return [.render]
        }
        typed = ""
        return [.render]
    }

    /// 5 for "05-system-singletons".
    static func number(of id: String) -> Int? {
        Int(id.prefix { $0.isASCII && $0.isNumber })
    }
}
