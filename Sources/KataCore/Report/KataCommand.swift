import Foundation

/// How the learner calls kata where they stand: `kata` once installed,
/// `swift run kata` when kata runs from the package's `.build` folder.
/// Every command kata prints is written in this form.
///
///     let command = KataCommand.detect(executablePath: "/course/.build/debug/kata", environment: [:])
///     command.prefix                              // "swift run kata"
///     command.rewrite("Run `kata list` to see")   // "Run `swift run kata list` to see"
public struct KataCommand: Sendable, Equatable {
    /// What the learner types before a command: "kata" or "swift run kata".
    public var prefix: String

    public init(prefix: String) { self.prefix = prefix }

    public static let installed = KataCommand(prefix: "kata")
    public static let swiftRun = KataCommand(prefix: "swift run kata")

    /// The environment variable the installed launcher sets (`kata install`);
    /// it may also name the form outright (`KATA_COMMAND="swift run kata"`).
    public static let environmentKey = "KATA_COMMAND"

    /// `KATA_COMMAND` when set; else `swift run kata` when the executable lives
    /// in a `.build` folder (SwiftPM's), else `kata`.
    public static func detect(executablePath: String?, environment: [String: String]) -> KataCommand {
        if let named = environment[environmentKey]?.trimmingCharacters(in: .whitespaces), !named.isEmpty {
            return KataCommand(prefix: named)
        }
        guard let path = executablePath else { return .installed }
        let parts = path.split(separator: "/")
        return parts.contains { $0 == ".build" || $0.hasPrefix(".build-") } ? .swiftRun : .installed
    }

    /// The command names kata knows, so "kata has no copy" is not taken for a command.
    static var commandNames: Set<String> { Set(CommandSpec.all.map(\.name) + ["help", "install"]) }

    /// `text` with every shown kata command (`kata check 01`, `kata --help`,
    /// `` `kata` ``) in this form. Words that only mention kata are left alone.
    public func rewrite(_ text: String) -> String {
        guard prefix != "kata", text.contains("kata") else { return text }
        let characters = Array(text)
        var result = ""
        result.reserveCapacity(text.count + 32)
        var index = 0
        let run = Array("swift run ")
        while index < characters.count {
            if characters[index] == "k", index + 4 <= characters.count, String(characters[index..<index + 4]) == "kata",
               isCommandStart(characters, at: index) {
                let alreadyPrefixed = index >= run.count && Array(characters[(index - run.count)..<index]) == run
                if !alreadyPrefixed {
                    result += prefix
                    index += 4
                    continue
                }
            }
            result.append(characters[index])
            index += 1
        }
        return result
    }

    private func isCommandStart(_ characters: [Character], at index: Int) -> Bool {
        if index > 0 {
            let before = characters[index - 1]
            if before.isLetter || before.isNumber || ".-_/$".contains(before) { return false }
        }
        let after = index + 4
        guard after < characters.count else { return index > 0 && characters[index - 1] == "`" }
        let next = characters[after]
        if next == "`" { return index > 0 && characters[index - 1] == "`" }
        guard next == " " else { return false }
        // The word after "kata ": a command, an option, or a usage placeholder.
        var word = ""
        var cursor = after + 1
        while cursor < characters.count, !" `'\")\n.,;:：，。）".contains(characters[cursor]) {
            word.append(characters[cursor])
            cursor += 1
        }
        if word.hasPrefix("--") || word.hasPrefix("[") || word.hasPrefix("<") { return true }
        return Self.commandNames.contains(word)
    }
}

/// The console learners read: every kata command it shows is in the form
/// that works where they stand, and long lines wrap at spaces (and between
/// CJK characters) to the terminal's width instead of being cut mid-word.
public struct LearnerConsole: Console {
    public let base: any Console
    public let command: KataCommand
    /// Columns to wrap to; nil leaves lines as they are (a pipe, a file).
    public let wrapWidth: Int?

    public init(base: any Console, command: KataCommand, wrapWidth: Int?) {
        self.base = base
        self.command = command
        self.wrapWidth = wrapWidth
    }

    public func present(_ text: String) -> String {
        let named = command.rewrite(text)
        guard let width = wrapWidth, width >= 20 else { return named }
        return TerminalText.wrap(named, width: width)
    }

    public func write(_ text: String) { base.write(present(text)) }
    public func writeError(_ text: String) { base.writeError(present(text)) }
    public var isInteractive: Bool { base.isInteractive }
    public var width: Int? { base.width }
    public var height: Int? { base.height }
    public func readKey(timeout: Double) -> String? { base.readKey(timeout: timeout) }
    public func readLine() -> String? { base.readLine() }
}
