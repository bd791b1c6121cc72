/// A line diff (Myers' O((N+M)D) algorithm) and unified-diff output.
///
///     let lines = LineDiff.diff(old.lines, new.lines)
///     print(LineDiff.unified(old: "a/RaceCar.swift", new: "b/RaceCar.swift", lines, style: style))
public enum LineDiff {
    public enum Line: Sendable, Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    public static func diff(_ a: [String], _ b: [String]) -> [Line] {
        let n = a.count, m = b.count
        let limit = n + m
        guard limit > 0 else { return [] }
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int]] = []
        search: for d in 0...limit {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[k - 1 + offset] < v[k + 1 + offset]) {
                    x = v[k + 1 + offset]
                } else {
                    x = v[k - 1 + offset] + 1
                }
                var y = x - k
                while x < n && y < m && a[x] == b[y] { x += 1; y += 1 }
                v[k + offset] = x
                if x >= n && y >= m { break search }
            }
        }
        var result: [Line] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK = (k == -d || (k != d && v[k - 1 + offset] < v[k + 1 + offset])) ? k + 1 : k - 1
            let previousX = v[previousK + offset]
            let previousY = previousX - previousK
            while x > previousX && y > previousY {
                result.append(.same(a[x - 1])); x -= 1; y -= 1
            }
            if d > 0 {
                if x == previousX { result.append(.added(b[y - 1])) } else { result.append(.removed(a[x - 1])) }
            }
            x = previousX; y = previousY
        }
        return result.reversed()
    }

    /// The lines of a text ending in LF, CRLF or CR (a Windows editor's file
    /// diffs line by line like any other; "\r\n" is one Character in Swift).
    public static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            if afterCR {
                afterCR = false
                if scalar == "\n" { continue }
            }
            if scalar == "\n" || scalar == "\r" {
                lines.append(String(current))
                current = String.UnicodeScalarView()
                afterCR = scalar == "\r"
            } else {
                current.append(scalar)
            }
        }
        if !current.isEmpty { lines.append(String(current)) }
        return lines
    }

    /// `--- old` / `+++ new` and `@@` hunks with `context` lines around each change; empty when equal.
    public static func unified(old: String, new: String, _ lines: [Line], context: Int = 3, style: Style) -> String {
        let changed = lines.indices.filter { if case .same = lines[$0] { return false } else { return true } }
        guard !changed.isEmpty else { return "" }
        var groups: [ClosedRange<Int>] = []
        for index in changed {
            let range = max(0, index - context)...min(lines.count - 1, index + context)
            if let last = groups.last, range.lowerBound <= last.upperBound + 1 {
                groups[groups.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                groups.append(range)
            }
        }
        var output = [style.bold("--- \(old)"), style.bold("+++ \(new)")]
        // Line numbers before each index, in the old and the new text.
        var oldLine = [Int](repeating: 0, count: lines.count + 1)
        var newLine = [Int](repeating: 0, count: lines.count + 1)
        for (index, line) in lines.enumerated() {
            oldLine[index + 1] = oldLine[index] + (line.isAdded ? 0 : 1)
            newLine[index + 1] = newLine[index] + (line.isRemoved ? 0 : 1)
        }
        for group in groups {
            let oldCount = oldLine[group.upperBound + 1] - oldLine[group.lowerBound]
            let newCount = newLine[group.upperBound + 1] - newLine[group.lowerBound]
            let oldStart = oldCount == 0 ? oldLine[group.lowerBound] : oldLine[group.lowerBound] + 1
            let newStart = newCount == 0 ? newLine[group.lowerBound] : newLine[group.lowerBound] + 1
            output.append(style.cyan("@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@"))
            for line in lines[group] {
                switch line {
                case .same(let text): output.append(" " + text)
                case .removed(let text): output.append(style.red("-" + text))
                case .added(let text): output.append(style.green("+" + text))
                }
            }
        }
        return output.joined(separator: "\n") + "\n"
    }

    /// The diff of two modules (file name → text), file by file in name order.
    public static func modules(old: [String: String], new: [String: String], oldLabel: String, newLabel: String, style: Style) -> String {
        var output = ""
        for name in Set(old.keys).union(new.keys).sorted() {
            let before = old[name].map(lines) ?? []
            let after = new[name].map(lines) ?? []
            output += unified(
                old: old[name] == nil ? "/dev/null" : "\(oldLabel)/\(name)",
                new: new[name] == nil ? "/dev/null" : "\(newLabel)/\(name)",
                diff(before, after), style: style)
        }
        return output
    }
}

extension LineDiff.Line {
    var isAdded: Bool { if case .added = self { return true } else { return false } }
    var isRemoved: Bool { if case .removed = self { return true } else { return false } }
}
