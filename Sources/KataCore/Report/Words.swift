/// The runner's own sentences, in the learner's language.
///
///     words.say("All tests pass.", "全部测试通过。")
public struct Words: Sendable {
    public var language: Language

    public init(language: Language) { self.language = language }

    public func say(_ english: String, _ chinese: String) -> String {
        language == .simplifiedChinese ? chinese : english
    }
}
