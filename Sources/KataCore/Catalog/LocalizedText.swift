/// The languages a lesson is written in.
public enum Language: String, Sendable, CaseIterable, Codable {
    case english = "en"
    case simplifiedChinese = "zh-Hans"

    /// `--lang` wins; then `LC_ALL`, `LC_MESSAGES`, `LANG` (`zh_CN.UTF-8` counts as Chinese).
    public static func choose(flag: String?, environment: [String: String]) -> Language? {
        if let flag { return Language(code: flag) }
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[key], !value.isEmpty {
                return value.lowercased().hasPrefix("zh") ? .simplifiedChinese : .english
            }
        }
        return .english
    }

    public init?(code: String) {
        switch code.lowercased() {
        case "en", "english": self = .english
        case "zh", "zh-hans", "zh_cn", "zh-cn", "zh_hans": self = .simplifiedChinese
        default: return nil
        }
    }

    /// The lesson text file for this language.
    public var readmeName: String {
        self == .english ? "README.md" : "README.zh-Hans.md"
    }
}

/// A sentence in every language of the course: `{"en": "...", "zh-Hans": "..."}`.
public struct LocalizedText: Sendable, Equatable, Codable {
    public var english: String
    public var chinese: String

    public init(english: String, chinese: String) {
        self.english = english
        self.chinese = chinese
    }

    public func text(in language: Language) -> String {
        language == .simplifiedChinese && !chinese.isEmpty ? chinese : english
    }

    enum CodingKeys: String, CodingKey {
        case english = "en"
        case chinese = "zh-Hans"
    }
}
