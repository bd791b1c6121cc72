/// One place where the learner's code breaks a lesson rule, or where a
/// submission fails vetting: where, which rule, and what to do, in both languages.
///
///     RaceCar.swift:9 [no-shared-engine] `V8Engine.shared` is still named here, in the default
///     argument of RaceCar.init. Hand the car its engine through init(engine:) ...
public struct RuleFinding: Sendable, Equatable, Codable {
    /// Relative to the lesson's source folder (or the submission's).
    public var file: String
    public var line: Int
    /// The rule's id: `no-shared-engine`, or `vetting:_cdecl` for vetting.
    public var rule: String
    /// What is wrong and where, then the fix, in every language of the course.
    public var messages: LocalizedText
    /// English.
    public var message: String { messages.english }

    public init(file: String, line: Int, rule: String, messages: LocalizedText) {
        self.file = file
        self.line = line
        self.rule = rule
        self.messages = messages
    }

    public func message(in language: Language) -> String { messages.text(in: language) }

    /// `RaceCar.swift:9`.
    public var location: String { line > 0 ? "\(file):\(line)" : file }

    /// `{"file", "line", "rule", "message", "message_zh"}`: keys that read the same under
    /// the snake-case key strategy of kata's JSON.
    enum CodingKeys: String, CodingKey {
        case file, line, rule, message
        case chinese = "message_zh"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(rule, forKey: .rule)
        try container.encode(messages.english, forKey: .message)
        try container.encode(messages.chinese, forKey: .chinese)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let english = try container.decode(String.self, forKey: .message)
        let chinese = try container.decodeIfPresent(String.self, forKey: .chinese) ?? english
        self.init(file: try container.decode(String.self, forKey: .file), line: try container.decode(Int.self, forKey: .line),
                  rule: try container.decode(String.self, forKey: .rule), messages: LocalizedText(english: english, chinese: chinese))
    }
}
