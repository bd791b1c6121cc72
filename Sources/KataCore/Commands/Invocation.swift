/// A parsed command line: `kata check 01 --json --lang zh-Hans`.
public struct Invocation: Sendable, Equatable {
    public var command: String?
    public var positional: [String]
    public var flags: Set<String>
    public var options: [String: String]

    public init(command: String? = nil, positional: [String] = [], flags: Set<String> = [], options: [String: String] = [:]) {
        self.command = command
        self.positional = positional
        self.flags = flags
        self.options = options
    }

    public func has(_ flag: String) -> Bool { flags.contains(flag) }
    public func option(_ name: String) -> String? { options[name] }

    /// Options every command takes.
    public static let globalFlags: Set<String> = ["--help", "--no-color", "--json", "--version"]
    public static let globalOptions: Set<String> = ["--lang", "--course"]

    /// Splits arguments; which flags and options exist comes from the command.
    public static func parse(_ arguments: [String], commands: [CommandSpec], words: Words = Words(language: .english)) throws -> Invocation {
        var invocation = Invocation()
        var index = 0
        var onlyPositional = false
        func spec() -> CommandSpec? { commands.first { $0.name == invocation.command } }
        while index < arguments.count {
            var argument = arguments[index]
            index += 1
            if onlyPositional || !argument.hasPrefix("-") || argument == "-" {
                if invocation.command == nil { invocation.command = argument } else { invocation.positional.append(argument) }
                continue
            }
            if argument == "--" { onlyPositional = true; continue }
            if argument == "-h" { argument = "--help" }
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                inlineValue = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            let flags = globalFlags.union(spec()?.flags ?? [])
            let options = globalOptions.union(spec()?.options ?? [])
            if flags.contains(argument) {
                invocation.flags.insert(argument)
            } else if options.contains(argument) {
                if let inlineValue {
                    invocation.options[argument] = inlineValue
                } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                    invocation.options[argument] = arguments[index]
                    index += 1
                } else {
                    throw KataError.usage(words.say("\(argument) needs a value, like \(argument) \(example(for: argument))", "\(argument) 需要一个值，例如 \(argument) \(example(for: argument))"))
                }
            } else {
                let close = Suggestions.closest(to: argument, among: Array(flags.union(options)), limit: 1).first
                let help = invocation.command.map { "kata \($0) --help" } ?? "kata --help"
                throw KataError.usage(words.say(
                    "unknown option \(argument)." + (close.map { " Did you mean \($0)?" } ?? "") + " See \(help).",
                    "没有 \(argument) 这个选项。" + (close.map { "你是想用 \($0) 吗？" } ?? "") + "请看 \(help)。"))
            }
        }
        return invocation
    }

    private static func example(for option: String) -> String {
        switch option {
        case "--lang": return "zh-Hans"
        case "--course": return "path/to/course"
        default: return "VALUE"
        }
    }
}
