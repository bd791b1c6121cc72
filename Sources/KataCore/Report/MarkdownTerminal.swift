/// Just enough Markdown for a lesson text in a terminal: headings, code
/// blocks and inline code stand out; everything else is printed as written.
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
                lines.append(inlineCode(line))
            }
        }
        return lines.joined(separator: "\n") + (markdown.hasSuffix("\n") ? "" : "\n")
    }

    private func inlineCode(_ line: String) -> String {
        guard style.enabled, line.contains("`") else { return line }
        var result = ""
        var inside = false
        var piece = ""
        for character in line {
            if character == "`" {
                result += inside ? style.cyan(piece) : piece
                piece = ""
                inside.toggle()
            } else {
                piece.append(character)
            }
        }
        result += inside ? "`" + piece : piece
        return result
    }
}

import Foundation
