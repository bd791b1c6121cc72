/// A line diff for a terminal: what the learner changed since the starter.
///
///     let text = SourceDiff.unified(old: starter, new: yours, oldName: "starter/RaceCar.swift", newName: "yours/RaceCar.swift")
public enum SourceDiff {
    public enum Line: Equatable, Sendable {
        case same(String), removed(String), added(String)
    }

    /// The edit script from `old` to `new` (longest common subsequence; fine for lesson-sized files).
    public static func lines(old: [String], new: [String]) -> [Line] {
        let n = old.count, m = new.count
        var common = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        if n > 0 && m > 0 {
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
                }
            }
        }
        var result: [Line] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, old[i] == new[j] {
                result.append(.same(old[i])); i += 1; j += 1
            } else if i < n, j == m || common[i + 1][j] >= common[i][j + 1] {
                result.append(.removed(old[i])); i += 1
            } else {
                result.append(.added(new[j])); j += 1
            }
        }
        return result
    }

    /// Hunks with `context` unchanged lines around each change; empty when equal.
    public static func unified(old: String, new: String, oldName: String, newName: String, context: Int = 2, style: Style = Style(enabled: false)) -> String {
        let diff = lines(old: split(old), new: split(new))
        let changed = diff.indices.filter { if case .same = diff[$0] { return false } else { return true } }
        guard !changed.isEmpty else { return "" }
        var shown = Set<Int>()
        for index in changed {
            for k in max(0, index - context)...min(diff.count - 1, index + context) { shown.insert(k) }
        }
        var output = [style.dim("--- \(oldName)"), style.dim("+++ \(newName)")]
        var previous = -1
        for index in shown.sorted() {
            if previous >= 0 && index != previous + 1 { output.append(style.dim("  …")) }
            switch diff[index] {
            case .same(let text): output.append("  " + text)
            case .removed(let text): output.append(style.red("- " + text))
            case .added(let text): output.append(style.green("+ " + text))
            }
            previous = index
        }
        return output.joined(separator: "\n") + "\n"
    }

    private static func split(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
