/// The usage errors several commands share, in the learner's language.
extension KataError {
    /// "which lesson? Example: kata check 01 (see kata list)"
    static func whichLesson(_ example: String, _ words: Words) -> KataError {
        .usage(words.say(
            "which lesson? Example: \(example) (see kata list)",
            "哪一课？例如：\(example)（用 kata list 查看所有课）"))
    }
}
