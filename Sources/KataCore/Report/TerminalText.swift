/// Measuring text the way a terminal draws it.
public enum TerminalText {
    /// Columns a string takes: East Asian wide characters take two.
    public static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            let value = scalar.value
            let wide = (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
                || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
                || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value) || (0xFFE0...0xFFE6).contains(value)
            return total + (wide ? 2 : 1)
        }
    }

    /// `text` followed by spaces up to `width` columns.
    public static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - columns(text)))
    }
}

extension TerminalText {
    /// Wraps text to `width` columns, paragraph by paragraph (at "\n"): at
    /// spaces, and between two CJK characters, which need no space to break.
    /// A closing mark (，。、）」 and the like) never starts a line and an
    /// opening one (（「) never ends one. A word wider than the line is cut,
    /// after a slash when it is a path.
    ///
    ///     TerminalText.wrap("保存后自动检查，然后显示结果。", width: 20)
    ///     // ["保存后自动检查，然后", "显示结果。"]
    public static func wrap(_ text: String, width: Int) -> [String] {
        let limit = max(1, width)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            // Pieces that may not be split: words, single CJK characters (with
            // the marks that stick to them); `spaced` when a space came before.
            for (piece, spaced) in pieces(of: String(paragraph)) {
                let pieceWidth = columns(piece)
                let gap = spaced && !line.isEmpty ? 1 : 0
                if !line.isEmpty && lineWidth + gap + pieceWidth > limit {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                var rest = piece
                while columns(rest) > limit {
                    // Wider than a whole line: cut it.
                    var head = ""
                    for character in rest {
                        if columns(head + String(character)) > limit { break }
                        head.append(character)
                    }
                    if head.isEmpty { head = String(rest.first!) }
                    // A path breaks after a slash rather than inside a name.
                    if let slash = head.lastIndex(of: "/"), slash != head.startIndex, head.index(after: slash) != head.endIndex {
                        head = String(head[...slash])
                    }
                    lines.append(head)
                    rest = String(rest.dropFirst(head.count))
                }
                if !line.isEmpty && spaced { line += " "; lineWidth += 1 }
                line += rest
                lineWidth += columns(rest)
            }
            lines.append(line)
        }
        return lines
    }

    /// True for characters between which a line may break without a space.
    static func isCJK(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        let value = scalar.value
        return (0x2E80...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0x20000...0x2FFFF).contains(value)
    }

    private static let noLineStart: Set<Character> = ["，", "。", "、", "；", "：", "！", "？", "）", "」", "』", "》", "〉", "】", "…", ",", ".", ";", ":", "!", "?", ")"]
    private static let noLineEnd: Set<Character> = ["（", "「", "『", "《", "〈", "【", "("]

    /// The unbreakable pieces of a paragraph, each with whether spaces preceded it.
    private static func pieces(of paragraph: String) -> [(String, Bool)] {
        var result: [(String, Bool)] = []
        var current = ""
        var spaced = false
        var pendingSpace = false
        func flush() {
            if !current.isEmpty { result.append((current, spaced)) }
            current = ""
        }
        for character in paragraph {
            if character == " " {
                flush()
                pendingSpace = true
                continue
            }
            let breakBefore: Bool
            if current.isEmpty {
                breakBefore = false
            } else if noLineStart.contains(character) || noLineEnd.contains(current.last!) {
                breakBefore = false
            } else {
                breakBefore = isCJK(character) || isCJK(current.last!)
            }
            if breakBefore {
                flush()
                spaced = false
            }
            if current.isEmpty {
                spaced = pendingSpace
                pendingSpace = false
            }
            current.append(character)
        }
        flush()
        return result
    }
}
