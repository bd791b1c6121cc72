/// Just enough Markdown for a lesson text in a terminal: headings, code
/// blocks, inline code, *emphasis* and **strong** stand out (the asterisks
/// are not printed); everything else is printed as written.
public struct MarkdownTerminal: Sendable {
    public var style: Style
    public var width: Int?

    public init(style: Style, width: Int?) {
        self.style = style
        self.width = width
    }

    public func render(_ markdown: String) -> String {
        var lines: [String] = []
        var inCode = false
        for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw)
            if line.hasPrefix("```") {
                inCode.toggle()
                continue
            }
            if inCode {
                lines.append("    " + style.cyan(line))
            } else if line.hasPrefix("#") {
                let title = line.drop(while: { $0 == "#" }).trimmingCharacters(in: .whitespaces)
                lines.append(style.bold(title))
                if line.hasPrefix("# ") {
                    lines.append(style.dim(String(repeating: "─", count: min(max(title.count, 8), width ?? 60))))
                }
            } else {
                lines.append(inline(line))
            }
        }
        return lines.joined(separator: "\n") + (markdown.hasSuffix("\n") ? "" : "\n")
    }

    /// One line's inline Markdown: `code` in color, *emphasis* and **strong**
    /// without their asterisks (bold when colors are on). Asterisks inside code,
    /// and a lone `*` (like `a * b`), stay as written.
    public func inline(_ line: String) -> String {
        guard line.contains("`") || line.contains("*") else { return line }
        var result = ""
        var rest = Substring(line)
        while let start = rest.firstIndex(where: { $0 == "`" || $0 == "*" }) {
            result += emphasis(String(rest[..<start]))
            if rest[start] == "`" {
                let after = rest.index(after: start)
                guard let end = rest[after...].firstIndex(of: "`") else { result += String(rest[start...]); return result }
                let code = String(rest[after..<end])
                result += style.enabled ? style.cyan(code) : "`\(code)`"
                rest = rest[rest.index(after: end)...]
            } else {
                // Emphasis is handled with the text around it up to the next code span.
                let next = rest[start...].firstIndex(of: "`") ?? rest.endIndex
                result += emphasis(String(rest[start..<next]))
                rest = rest[next...]
                if rest.isEmpty { break }
                guard let close = rest.dropFirst().firstIndex(of: "`") else { result += String(rest); return result }
                let code = String(rest[rest.index(after: rest.startIndex)..<close])
                result += style.enabled ? style.cyan(code) : "`\(code)`"
                rest = rest[rest.index(after: close)...]
            }
        }
        return result + emphasis(String(rest))
    }

    /// `**strong**` and `*emphasis*` (no space just inside the marks) lose their marks.
    func emphasis(_ text: String) -> String {
        guard text.contains("*") else { return text }
        var result = text
        for marks in ["**", "*"] {
            var output = ""
            var rest = Substring(result)
            while let open = rest.range(of: marks) {
                let inner = rest[open.upperBound...]
                guard let first = inner.first, first != " ", first != "*",
                      let close = inner.range(of: marks),
                      !inner[..<close.lowerBound].isEmpty, inner[..<close.lowerBound].last != " "
                else {
                    output += rest[..<open.upperBound]
                    rest = rest[open.upperBound...]
                    continue
                }
                output += rest[..<open.lowerBound]
                let word = String(inner[..<close.lowerBound])
                output += style.enabled ? style.bold(word) : word
                rest = inner[close.upperBound...]
            }
            result = output + rest
        }
        return result
    }
}

import Foundation
