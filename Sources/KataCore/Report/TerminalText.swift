/// Measuring and wrapping text the way a terminal draws it.
public enum TerminalText {
    /// Columns a string takes: East Asian wide characters take two; ANSI
    /// color sequences take none.
    public static func columns(_ text: String) -> Int {
        var total = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" { inEscape = true; continue }
            total += isWide(scalar) ? 2 : 1
        }
        return total
    }

    /// East Asian wide (and fullwidth) characters: two columns, and a line may break between two of them.
    public static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
            || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
            || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value) || (0xFFE0...0xFFE6).contains(value)
            || (0x20000...0x3FFFD).contains(value)
    }

    /// `text` followed by spaces up to `width` columns.
    public static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - columns(text)))
    }

    /// Wraps every line of `text` to `width` columns: at spaces, and between
    /// two wide (CJK) characters, never inside a word. A wrapped line keeps its
    /// indentation (and a list marker's hanging indent) on every piece. Color
    /// sequences are kept and not counted. A word longer than the line is cut, after a slash when it is a path.
    ///
    ///     TerminalText.wrap("  - one two three", width: 10)   // "  - one\n    two\n    three"
    /// A compiler's excerpt (a source line with a caret line under it) is left
    /// as drawn: wrapped, the caret would point at the wrong place.
    public static func wrap(_ text: String, width: Int) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return lines.indices.map { index in
            let line = lines[index]
            if isCaretLine(line) || (index + 1 < lines.count && isCaretLine(lines[index + 1])) { return line }
            return wrapLine(line, width: width).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// "      ~~~~~~^~~~": the line a compiler draws under the code it means.
    static func isCaretLine(_ line: String) -> Bool {
        let plain = stripEscapes(line)
        return plain.contains("^") && plain.allSatisfy { " ~^|`-".contains($0) }
    }

    /// One line (no newline in it) as the lines it wraps into.
    public static func wrapLine(_ line: String, width: Int) -> [String] {
        guard width > 0, columns(line) > width else { return [line] }
        let indent = hangingIndent(of: line)
        // Too deep an indent leaves no room: no indent then.
        let continuation = indent * 2 < width ? String(repeating: " ", count: indent) : ""
        var result: [String] = []
        var current = ""
        var currentColumns = 0
        var lineHasWord = false
        // A word wider than a line (a long path) may break after a "/" rather than be cut anywhere.
        let room = max(1, width - continuation.count)
        let all = pieces(of: line).flatMap { piece -> [Piece] in
            guard !piece.isSpace, columns(piece.text) > room else { return [piece] }
            return splitAtSlashes(piece.text).flatMap { cut($0, to: room) }.map { Piece(text: $0, isSpace: false) }
        }
        for piece in all {
            let pieceColumns = columns(piece.text)
            if piece.isSpace {
                current += piece.text
                currentColumns += pieceColumns
                continue
            }
            if lineHasWord && currentColumns + pieceColumns > width {
                result.append(trimmingTrailingSpaces(current))
                current = continuation + dropLeadingSpaces(piece.text)
                currentColumns = columns(current)
            } else {
                current += piece.text
                currentColumns += pieceColumns
            }
            lineHasWord = true
        }
        result.append(trimmingTrailingSpaces(current))
        return result
    }

    /// A word still wider than a line after the slashes is cut into pieces that fit,
    /// so nothing runs past the window's edge (a colored word is left whole).
    static func cut(_ word: String, to room: Int) -> [String] {
        guard columns(word) > room, !word.contains("\u{1B}") else { return [word] }
        var pieces: [String] = []
        var current = ""
        for character in word {
            if !current.isEmpty && columns(current + String(character)) > room {
                pieces.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }

    /// The columns a wrapped piece is indented by: the leading spaces, plus a
    /// list marker ("- ", "* ", "1. ", "✘ ") after them.
    static func hangingIndent(of line: String) -> Int {
        let plain = stripEscapes(line)
        let spaces = plain.prefix { $0 == " " }.count
        let rest = plain.dropFirst(spaces)
        for marker in ["- ", "* ", "• ", "✔ ", "✘ "] where rest.hasPrefix(marker) { return spaces + columns(marker) }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix(". ") { return spaces + digits.count + 2 }
        return spaces
    }

    struct Piece { var text: String; var isSpace: Bool }

    /// The line cut where a break may go: runs of spaces, words, and each wide
    /// character on its own (with the punctuation that must not start a line).
    /// Color sequences stay attached to the piece they precede.
    static func pieces(of line: String) -> [Piece] {
        var pieces: [Piece] = []
        var current = ""
        var currentIsSpace = false
        var pendingEscape = ""
        var inEscape = false
        func flush() {
            if !current.isEmpty { pieces.append(Piece(text: current, isSpace: currentIsSpace)) }
            current = ""
        }
        for character in line {
            let scalar = character.unicodeScalars.first!
            if inEscape {
                pendingEscape.append(character)
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" {
                inEscape = true
                pendingEscape.append(character)
                continue
            }
            let isSpace = character == " "
            if isSpace {
                if !currentIsSpace { flush() }
                currentIsSpace = true
                current += pendingEscape + " "
                pendingEscape = ""
                continue
            }
            if currentIsSpace { flush(); currentIsSpace = false }
            if isWide(scalar) {
                // Closing punctuation stays on the line of the character before it.
                if noBreakBefore.contains(character), !current.isEmpty {
                    current += pendingEscape + String(character)
                } else if noBreakBefore.contains(character), let last = pieces.last, !last.isSpace {
                    pieces[pieces.count - 1].text += pendingEscape + String(character)
                } else {
                    flush()
                    current = pendingEscape + String(character)
                }
                pendingEscape = ""
                // A wide character ends its piece unless an opening mark must stay with what follows.
                if !noBreakAfter.contains(character) { flush() }
                continue
            }
            // A narrow character right after a wide one starts a new piece (break allowed between them),
            // except closing punctuation and a character glued to an opening mark.
            if let last = current.unicodeScalars.last, isWide(last), !noBreakAfter.contains(Character(last)),
               !",.;:!?)]}".contains(character) {
                flush()
            }
            current += pendingEscape + String(character)
            pendingEscape = ""
        }
        current += pendingEscape
        flush()
        return pieces
    }

    /// "a/b/c" as "a/", "b/", "c": where a too-long path may break.
    static func splitAtSlashes(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if character == "/" { parts.append(current); current = "" }
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }

    /// Marks a line may not start with.
    static let noBreakBefore: Set<Character> = Set("，。、；：！？）」』》〉】”’…—～·％")
    /// Marks a line may not end with.
    static let noBreakAfter: Set<Character> = Set("（「『《〈【“‘")

    static func stripEscapes(_ text: String) -> String {
        var result = ""
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" { inEscape = true; continue }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    private static func trimmingTrailingSpaces(_ text: String) -> String {
        var text = text
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }

    private static func dropLeadingSpaces(_ text: String) -> String {
        String(text.drop { $0 == " " })
    }
}

extension TerminalText {
    /// The lines `text` wraps into at `width` columns: `wrap(_:width:)`, split at its line breaks.
    public static func wrappedLines(_ text: String, width: Int) -> [String] {
        wrap(text, width: width).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

/// Text a submission chose (a folder name, a test's message), made safe to show: every control
/// character (escape sequences included) and every bidirectional override is written out as
/// `\u{1B}`, so it can neither drive the instructor's terminal nor a spreadsheet, nor make one
/// name look like another.
public enum Shown {
    /// A character that is not shown as itself: a format character (bidirectional overrides, zero-width marks, tag
    /// characters that carry hidden text), a line or paragraph separator (U+2028, U+2029) that line-splitting
    /// readers take for a line end, a character Unicode says to draw as nothing (default ignorable: a Hangul
    /// filler, a variation selector), or a space that is not the plain one (a no-break space, an ideographic
    /// space): by Unicode's categories and properties, not by a list.
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return category == .format || category == .lineSeparator || category == .paragraphSeparator
            || scalar.properties.isDefaultIgnorableCodePoint || (category == .spaceSeparator && scalar.value != 0x20)
    }

    /// A student's name (a submission folder) as reports show it: letters, marks and digits of any script, plain
    /// ASCII punctuation and the space stay; every other character is shown by its code (`\u{2800}`). A name is an
    /// identifier, not text: a symbol or a blank that draws like a space or a slash (a braille blank, a division
    /// slash) would let one name pass for another, or put a forged score beside the real one.
    ///
    /// Two more ways one name passes for another are closed by the same rule of showing: a space at either end (a
    /// folder `"alice "` beside `alice`) is shown by its code, and in a name that mixes Latin letters with letters of
    /// another script (a Cyrillic `о` among Latin ones), the other script's letters are shown by their code; a name
    /// written in one script, whichever, is shown as it is, unless every letter of it draws as a Latin letter (a
    /// Cyrillic `аӏех` beside a classmate's `alex`: a whole-script confusable, by the letters Unicode's confusables
    /// data maps to one Latin letter): its letters are then shown by their code. (`Иван` and `Νίκος` stay as they
    /// are: `И` and `ί` draw as no Latin letter.)
    public static func name(_ text: String) -> String {
        func isLatin(_ value: UInt32) -> Bool {
            (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) || (0xC0...0x24F).contains(value) && value != 0xD7 && value != 0xF7
                || (0x1E00...0x1EFF).contains(value)
        }
        let letters = text.unicodeScalars.filter { $0.properties.isAlphabetic }
        let passesForLatin = !letters.isEmpty && letters.allSatisfy { !isLatin($0.value) && latinLookalikes.contains($0.value) }
        let mixed = letters.contains { isLatin($0.value) } && letters.contains { !isLatin($0.value) } || passesForLatin
        let scalars = Array(text.unicodeScalars)
        // Unicode's own normal forms decide the rest: a name written decomposed (`e` + a combining accent beside a
        // classmate's precomposed `é`) shows its marks by their code, and a character that only stands in for another
        // (mathematical `𝗁`, a full-width `ｈ`, a ligature: its compatibility form differs) is shown by its code.
        let decomposed = !scalars.elementsEqual(text.precomposedStringWithCanonicalMapping.unicodeScalars)
        var result = ""
        for (index, scalar) in scalars.enumerated() {
            if scalar.value == 0x20, index == 0 || index == scalars.count - 1 {
                result += "\\u{20}"
                continue
            }
            let alone = String(scalar)
            let mark = [.nonspacingMark, .spacingMark, .enclosingMark].contains(scalar.properties.generalCategory)
            if scalar.value >= 0x80, (decomposed && mark) || !alone.unicodeScalars.elementsEqual(alone.precomposedStringWithCompatibilityMapping.unicodeScalars) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                continue
            }
            if mixed, scalar.properties.isAlphabetic, !isLatin(scalar.value) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                continue
            }
            let category = scalar.properties.generalCategory
            let plainASCII = scalar.value >= 0x20 && scalar.value < 0x7F
            let word: Bool
            switch category {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
                word = !isHidden(scalar)
            default:
                word = false
            }
            if plainASCII || word {
                result.unicodeScalars.append(scalar)
            } else {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    /// Letters of other scripts that draw as one Latin letter (`а`, `е`, `о`, `р`, `с`, `х`...): the single-letter
    /// entries of Unicode's confusables data (UTS #39) whose skeleton is an ASCII letter, for the cased alphabets
    /// a name may be written in (Cyrillic, Greek, Armenian) and the Latin-like IPA letters.
    static let latinLookalikes: Set<UInt32> = [
        // Cyrillic
        0x430, 0x432, 0x435, 0x43E, 0x440, 0x441, 0x443, 0x445, 0x455, 0x456, 0x458, 0x4BB, 0x4CF, 0x501, 0x51B, 0x51D,
        0x410, 0x412, 0x415, 0x41A, 0x41C, 0x41D, 0x41E, 0x420, 0x421, 0x422, 0x423, 0x425, 0x405, 0x406, 0x408, 0x4AE,
        0x4BA, 0x4C0, 0x51A, 0x51C, 0x4AF, 0x44C, 0x42C,
        // Greek
        0x391, 0x392, 0x395, 0x396, 0x397, 0x399, 0x39A, 0x39C, 0x39D, 0x39F, 0x3A1, 0x3A4, 0x3A5, 0x3A7,
        0x3B1, 0x3B9, 0x3BA, 0x3BD, 0x3BF, 0x3C1, 0x3C4, 0x3C5, 0x3C7, 0x3F2, 0x3F3, 0x3F9, 0x37F,
        // Armenian
        0x561, 0x563, 0x564, 0x570, 0x578, 0x57C, 0x57D, 0x581, 0x582, 0x584, 0x585, 0x54F, 0x555,
        // IPA and other Latin-like letters outside the Latin blocks the rule above counts
        0x251, 0x261, 0x269, 0x26A, 0x270, 0x271, 0x281, 0x28F, 0x299, 0x29C, 0x29F, 0x1D00, 0x1D04, 0x1D05, 0x1D07,
        0x1D0A, 0x1D0B, 0x1D0D, 0x1D0F, 0x1D18, 0x1D1B, 0x1D1C, 0x1D20, 0x1D21, 0x1D22,
    ]

    /// `keeping`: characters left as they are (a CSV field keeps TAB, CR and LF: it quotes and defuses them itself).
    public static func escaped(_ text: String, keeping: Set<UInt32> = []) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let control = value < 0x20 || (value >= 0x7F && value <= 0x9F)
            // Every character that is not shown as itself, by its Unicode category, not by a list: format characters
            // (bidirectional overrides, zero-width marks, tag characters that carry hidden text) and the line and
            // paragraph separators (U+2028, U+2029) that line-splitting readers take for a line end.
            // Also every character Unicode says to draw as nothing (default ignorable: a Hangul filler, a variation
            // selector) and every space that is not the plain one (a no-break space, an ideographic space): a name
            // padded with either looks like another.
            if (control && !keeping.contains(value)) || isHidden(scalar) {
                result += "\\u{" + String(value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
