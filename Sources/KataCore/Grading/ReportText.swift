import Foundation

/// The grader's words and the code's, kept apart in every report by one reading of what a line is.
///
/// A message the grader writes has its own words on the first line; whatever follows is what the code or the compiler
/// said, quoted. A report that shows one line (a summary, a tooltip, a CSV cell, Gradescope's output) shows only that
/// first line; a report that shows the rest puts the quote's margin before every line of it. Both stand on `lines(_:)`,
/// which ends a line wherever any viewer does (LF, CR, CR LF, VT, FF, NEL, U+2028, U+2029: Swift's
/// `Character.isNewline`), so text split one way here cannot be shown split another way there.
enum ReportText {
    /// The lines of `text`, split at every line end a viewer honours.
    static func lines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    }

    /// The first line of a message: the grader's own words.
    static func headline(_ text: String) -> String {
        lines(text).first.map(String.init) ?? ""
    }

    /// The last line that is not blank (a program's last words), at most `limit` characters.
    static func lastLine(_ text: String, limit: Int = 200) -> String? {
        lines(text).last { !$0.allSatisfy(\.isWhitespace) }.map { String($0.prefix(limit)) }
    }

    /// Text shown on one line (a path, a piece of evidence): every control character and line end spelled out.
    static func oneLine(_ text: String) -> String {
        Shown.escaped(text)
    }
}
