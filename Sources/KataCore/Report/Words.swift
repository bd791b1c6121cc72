/// The runner's own sentences, in the learner's language.
///
///     words.say("All tests pass.", "全部测试通过。")
public struct Words: Sendable {
    public var language: Language
    /// How the learner calls kata here ("kata" or "swift run kata"), for every command shown.
    public var kata: String = "kata"
    /// Where the learner stands (the working directory), so every path shown
    /// opens from there; nil shows paths as they are given.
    public var workingDirectory: String?

    public init(language: Language) { self.language = language }

    public init(language: Language, kata: String, workingDirectory: String? = nil) {
        self.language = language
        self.kata = kata
        self.workingDirectory = workingDirectory
    }

    /// `path` as the learner can open it from where they stand: relative when
    /// it lies below the working directory or at most two folders up, else
    /// whole. A relative `path` is returned as given.
    ///
    ///     Words(language: .english, kata: "kata", workingDirectory: "/c/Lessons/01-x").path("/c/Lessons/01-x/Sources")  // "Sources"
    ///     … workingDirectory: "/c/Lessons/01-x").path("/c/Tests/Lessons/01-x/T.swift")  // "../../Tests/Lessons/01-x/T.swift"
    public func path(_ path: String) -> String {
        guard let here = workingDirectory, here.hasPrefix("/"), path.hasPrefix("/") else { return path }
        let from = here.split(separator: "/")
        let to = path.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let up = from.count - common
        guard common > 0, up <= 2 else { return path }
        let parts = Array(repeating: "..", count: up) + to[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
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

extension Words {
    /// A path of `lesson`'s course (absolute, or relative to the course) as it opens from where the learner
    /// stands; relative to the course when kata does not know where that is.
    public func path(_ path: String, in lesson: Lesson) -> String {
        let whole = path.hasPrefix("/") ? path : lesson.root + "/" + path
        guard workingDirectory != nil else { return DiagnosticParser.relative(whole, to: lesson.root) }
        return self.path(whole)
    }
}

extension Lesson {
    /// The lesson's number as Chinese text shows it: "05" (第 05 课).
    public var shownNumber: String { String(format: "%02d", number) }
}
