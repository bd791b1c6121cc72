/// The runner's own sentences, in the learner's language.
///
///     words.say("All tests pass.", "全部测试通过。")
public struct Words: Sendable {
    public var language: Language
    /// How the learner calls kata here ("kata" or "swift run kata"), for every command shown.
    public var kata: String = "kata"

    public init(language: Language) { self.language = language }

    public init(language: Language, kata: String) {
        self.language = language
        self.kata = kata
    }

    public func say(_ english: String, _ chinese: String) -> String {
        language == .simplifiedChinese ? chinese : english
    }

    /// "1 lesson", "2 lessons"; Chinese has no plural: "1 课".
    public func count(_ number: Int, _ singular: String, _ plural: String, _ chinese: String) -> String {
        language == .simplifiedChinese ? "\(number) \(chinese)" : "\(number) \(number == 1 ? singular : plural)"
    }

    /// How a lesson is named in a sentence: "lesson 05-system-singletons" / "第 05 课".
    public func lesson(_ lesson: Lesson) -> String {
        say("lesson \(lesson.id)", "第 \(String(format: "%02d", lesson.number)) 课")
    }

    /// "33, 34 and 42" / "33、34 和 42".
    public func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        if language == .simplifiedChinese { return items.dropLast().joined(separator: "、") + " 和 " + items.last! }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}

extension Lesson {
    /// The lesson's number as Chinese text shows it: "05" (第 05 课).
    public var shownNumber: String { String(format: "%02d", number) }
}
