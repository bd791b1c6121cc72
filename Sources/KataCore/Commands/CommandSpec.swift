/// One `kata` command: its name, its help, and what it does.
///
/// Each command lives in its own file as a `static let` on `CommandSpec`
/// and is listed once in `CommandSpec.all`.
public struct CommandSpec: Sendable {
    public var name: String
    public var summary: LocalizedText
    /// `kata check <lesson> [--json]`
    public var usage: String
    /// A line of help text under the usage, with an example.
    public var help: String
    public var flags: Set<String>
    public var options: Set<String>
    /// False for commands that also work outside a course (`kata graph FOLDER`).
    public var needsCourse: Bool = true
    public var run: @Sendable (Invocation, KataContext) throws -> Int32

    public init(
        name: String,
        summary: LocalizedText,
        usage: String,
        help: String,
        flags: Set<String> = [],
        options: Set<String> = [],
        run: @escaping @Sendable (Invocation, KataContext) throws -> Int32
    ) {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.help = help
        self.flags = flags
        self.options = options
        self.run = run
    }
}

extension CommandSpec {
    /// Every command, in the order `kata --help` lists them.
    public static let all: [CommandSpec] = [
        .list, .show, .check, .watch, .hint, .solution, .reset,
        .refactor, .diff, .graph,
        .verify, .new, .export,
        .grade, .install,
    ]
}
