/// "Did you mean" by edit distance, for lesson ids and command names.
public enum Suggestions {
    public static func closest(to input: String, among candidates: [String], limit: Int = 2) -> [String] {
        let needle = input.lowercased()
        let scored = candidates.map { candidate -> (String, Int) in
            let hay = candidate.lowercased()
            if hay.contains(needle) || needle.contains(hay) { return (candidate, 0) }
            return (candidate, distance(needle, hay))
        }
        let threshold = max(2, needle.count / 3)
        return scored.filter { $0.1 <= threshold }
            .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
            .prefix(limit).map(\.0)
    }

    /// Levenshtein distance.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
