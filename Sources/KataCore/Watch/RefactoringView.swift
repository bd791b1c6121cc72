import Foundation

/// What watch mode's `d` key shows: the refactoring of a lesson.
///
///     let view: any RefactoringView = RefactoringViews.standard
///     panel = view.render(lesson, passed: machine.passed, context: context)
///
/// A plug-in point. Once the lesson passed, `kata refactor <lesson>` (the
/// reference refactoring, step by step) when that command exists; before,
/// never the reference (it would give the answer away), only what the learner
/// changed since the starter: `kata diff <lesson>` when it exists, else a diff
/// of its own against the starter copy kept for `kata reset`.
public protocol RefactoringView: Sendable {
    /// The panel's text; empty when this view has nothing to show (the next one is tried).
    func render(_ lesson: Lesson, passed: Bool, context: KataContext) -> String
}

public enum RefactoringViews {
    public static let standard: any RefactoringView = FirstAvailable(views: [
        CommandRefactoringView(command: "refactor", onlyAfterPassing: true, commands: CommandSpec.all),
        CommandRefactoringView(command: "diff", onlyAfterPassing: false, commands: CommandSpec.all),
        StarterDiffView(),
    ])
}

/// Tries views in order; an empty answer means "not available".
public struct FirstAvailable: RefactoringView {
    public var views: [any RefactoringView]

    public init(views: [any RefactoringView]) { self.views = views }

    public func render(_ lesson: Lesson, passed: Bool, context: KataContext) -> String {
        for view in views {
            let text = view.render(lesson, passed: passed, context: context)
            if !text.isEmpty { return text }
        }
        return ""
    }
}

/// Runs a `kata` command (`refactor`, `diff`) in-process with a console that keeps its text.
public struct CommandRefactoringView: RefactoringView {
    public var command: String
    public var onlyAfterPassing: Bool
    public var commands: [CommandSpec]

    public init(command: String, onlyAfterPassing: Bool, commands: [CommandSpec]) {
        self.command = command
        self.onlyAfterPassing = onlyAfterPassing
        self.commands = commands
    }

    public func render(_ lesson: Lesson, passed: Bool, context: KataContext) -> String {
        guard passed || !onlyAfterPassing, let spec = commands.first(where: { $0.name == command }) else { return "" }
        let captured = CapturingConsole(width: context.console.width)
        var quiet = context
        quiet.console = captured
        do {
            _ = try spec.run(Invocation(command: command, positional: [lesson.id]), quiet)
        } catch {
            return "kata \(command): \(error)\n"
        }
        return captured.text
    }
}

/// What the learner changed since the starter, file by file.
public struct StarterDiffView: RefactoringView {
    public init() {}

    public func render(_ lesson: Lesson, passed: Bool, context: KataContext) -> String {
        let words = context.words
        let style = context.style
        var text = style.bold(words.say("Your refactoring so far (starter → your code)", "你目前的重构（初始代码 → 你的代码）")) + "\n"
        text += style.dim(passed
            ? words.say("A step-by-step view of the reference refactoring is coming (kata refactor).",
                        "参考重构的分步讲解即将推出（kata refactor）。")
            : words.say("The reference refactoring, step by step, opens once the lesson passes.",
                        "课程通过后可以查看参考重构的分步讲解。")) + "\n"
        let store = StarterStore(context: context)
        guard let starter = store.remember(lesson, progress: context.loadProgress()) else {
            return text + words.say(
                "kata has no pristine copy of this lesson's starter to compare with.",
                "kata 没有这一课初始代码的原始副本，无法比较。") + "\n"
        }
        let yours = RefactoringSteps.snapshot(lesson.sources, fileSystem: context.fileSystem)
        let diff = LineDiff.modules(old: starter.texts, new: yours, oldLabel: "starter", newLabel: "yours", style: style)
        let any = !diff.isEmpty
        if any { text += "\n" + diff }
        if !any { text += words.say("No changes yet: your code is the starter.", "还没有改动：你的代码就是初始代码。") + "\n" }
        return text
    }
}

/// A console that keeps what a command writes (for a panel).
final class CapturingConsole: Console, @unchecked Sendable {
    private let lock = NSLock()
    private var buffer = ""
    let width: Int?

    init(width: Int?) { self.width = width }

    var text: String { lock.withLock { buffer } }
    var isInteractive: Bool { false }
    func write(_ text: String) { lock.withLock { buffer += text } }
    func writeError(_ text: String) { lock.withLock { buffer += text } }
    func readKey(timeout: Double) -> String? { nil }
    func readLine() -> String? { nil }
}
