/// Many mutants of one file in one build (a mutant schema). Every function body a mutant changes becomes a `switch`
/// over the mutant the run asks for, read once from an environment variable: one case per mutant, with the body as
/// that mutant has it, and `default:` the body as written. Run with the variable unset (or naming no case), the
/// program is the original; run with `KATA_MUTANT_SCHEMA=3`, it is mutant 3, and nothing else differs.
///
/// A mutant is taken into the schema only where its changed lines lie inside one body whose braces stand alone at
/// the ends of their lines (`func record(_ lap: Lap) throws {` ... `}`), so that each case holds whole lines. A
/// mutant outside any such body (a stored property's initial value) is left to a build of its own; so is every
/// mutant when the schema does not compile (a body of one expression whose value is its result, say).
public enum MutantSchema {
    /// The environment variable a schema program reads its mutant from.
    public static let variable = "KATA_MUTANT_SCHEMA"
    /// The name of the file-private constant that holds the mutant asked for.
    static let selector = "__kataMutantSchema"

    public struct Schema: Sendable, Equatable {
        /// The file with every taken mutant in it.
        public var text: String
        /// The case each taken mutant is, by its id (from 1).
        public var cases: [String: Int]
    }

    /// The schema of `text` with as many of `mutants` as fit (each changes lines of `text` only); nil when none fits.
    public static func make(_ text: String, mutants: [Mutant]) -> Schema? {
        let lines = text.components(separatedBy: "\n")
        let bodies = functionBodies(text, lineCount: lines.count)
        // The innermost body holding every line a mutant changes, strictly between its braces.
        var byBody: [Int: [(number: Int, mutant: Mutant)]] = [:]
        var cases: [String: Int] = [:]
        for mutant in mutants where !mutant.lines.isEmpty && mutant.lines.count == mutant.mutated.count {
            let candidates = bodies.enumerated().filter { _, body in mutant.lines.allSatisfy { $0 > body.open && $0 < body.close } }
            guard let (index, _) = candidates.min(by: { $0.1.close - $0.1.open < $1.1.close - $1.1.open }) else { continue }
            let number = cases.count + 1
            cases[mutant.id] = number
            byBody[index, default: []].append((number, mutant))
        }
        guard !cases.isEmpty else { return nil }
        // Bodies hold one another (a local function): a body is switched as a whole, so only the outermost of those
        // taken is rewritten; a mutant of an inner one is a case of the outer body too.
        let taken = byBody.keys.sorted()
        var outermost: [Int: [(number: Int, mutant: Mutant)]] = [:]
        for index in taken {
            let body = bodies[index]
            let holder = taken.filter { other in other != index && bodies[other].open < body.open && bodies[other].close > body.close }
                .min { bodies[$0].open < bodies[$1].open }
            outermost[holder ?? index, default: []].append(contentsOf: byBody[index] ?? [])
        }
        var result: [String] = []
        var line = 1
        for index in outermost.keys.sorted(by: { bodies[$0].open < bodies[$1].open }) {
            let body = bodies[index]
            guard body.open >= line else { continue }
            while line <= body.open { result.append(lines[line - 1]); line += 1 }
            let original = Array(lines[body.open..<(body.close - 1)])
            let indent = String(lines[body.open - 1].prefix { $0 == " " || $0 == "\t" }) + "    "
            result.append("\(indent)switch \(selector) {")
            for (number, mutant) in (outermost[index] ?? []).sorted(by: { $0.number < $1.number }) {
                var changed = original
                for (changedLine, text) in zip(mutant.lines, mutant.mutated) { changed[changedLine - body.open - 1] = text }
                result.append("\(indent)case \(number):")
                result.append(contentsOf: changed)
            }
            result.append("\(indent)default:")
            result.append(contentsOf: original)
            result.append("\(indent)}")
            line = body.close
        }
        while line <= lines.count { result.append(lines[line - 1]); line += 1 }
        // The C library's `getenv`, declared here rather than imported: an import in this file would make the C
        // library's extension members visible in every file of the module (`Duration.init(_: timespec)`), so a call in
        // the learner's code could resolve one way in a schema build and another in their own, and their tests could
        // tell the two apart by that alone.
        let reader = """
            @_silgen_name("getenv") private func \(selector)Read(_ name: UnsafePointer<CChar>) -> UnsafeMutablePointer<CChar>?
            private let \(selector): Int = \(selector)Read("\(variable)").flatMap { Int(String(cString: $0)) } ?? 0
            """
        return Schema(text: result.joined(separator: "\n") + "\n\n" + reader + "\n", cases: cases)
    }

    /// The bodies of functions, initializers, subscripts and accessors whose `{` ends its line and whose `}` starts its
    /// line: the line numbers of both braces.
    static func functionBodies(_ text: String, lineCount: Int) -> [(open: Int, close: Int)] {
        let tokens = SwiftLexer.tokens(of: text)
        var lineStarts: [Int] = [0]
        for (offset, byte) in text.utf8.enumerated() where byte == 10 { lineStarts.append(offset + 1) }
        func line(of token: Int) -> Int {
            var low = 0, high = lineStarts.count
            while low + 1 < high {
                let middle = (low + high) / 2
                if lineStarts[middle] <= tokens[token].offset { low = middle } else { high = middle }
            }
            return low + 1
        }
        var bodies: [(open: Int, close: Int)] = []
        var stack: [(index: Int, isBody: Bool)] = []
        for (index, token) in tokens.enumerated() where token.kind == .punctuation || token.kind == .operator {
            if token.is("{") {
                stack.append((index, opensBody(tokens, at: index)))
            } else if token.is("}"), let (open, isBody) = stack.popLast(), isBody {
                let openLine = line(of: open), closeLine = line(of: index)
                let endsItsLine = open + 1 >= tokens.count || tokens[open + 1].newlineBefore
                let startsItsLine = tokens[index].newlineBefore
                if endsItsLine, startsItsLine, closeLine > openLine + 1 { bodies.append((openLine, closeLine)) }
            }
        }
        return bodies
    }

    /// Whether the `{` at `index` opens the body of a function, an initializer, a subscript or an accessor: written
    /// right after `get`, `set`, `willSet`, `didSet` or `deinit` (with a parameter name in parentheses or not), or
    /// after the signature of a `func`, `init` or `subscript` in the same declaration (parameters, effects, a result
    /// type, a `where` clause), with no `=` or other brace between them (a closure is no body).
    static func opensBody(_ tokens: [SwiftToken], at index: Int) -> Bool {
        var k = index - 1
        if k >= 0, tokens[k].is(")") {
            // `set(newValue) {`
            var depth = 0, j = k
            while j >= 0 {
                if tokens[j].is(")") { depth += 1 } else if tokens[j].is("(") { depth -= 1; if depth == 0 { break } }
                j -= 1
            }
            if j > 0, ["set", "willSet", "didSet"].contains(tokens[j - 1].text), tokens[j - 1].isIdentifier { return true }
        }
        if k >= 0, tokens[k].isIdentifier, ["get", "set", "willSet", "didSet", "deinit", "_read", "_modify"].contains(tokens[k].text) { return true }
        var depth = 0
        var steps = 0
        while k >= 0, steps < 400 {
            let token = tokens[k]
            if token.is(")") || token.is("]") || token.is(">") { depth += 1 } else if token.is("(") || token.is("[") || token.is("<") {
                depth -= 1
                if depth < 0 { return false }
            } else if depth == 0 {
                if token.is("{") || token.is("}") || token.is(";") || token.is("=") || token.is("in") { return false }
                if token.isIdentifier, ["func", "init", "subscript"].contains(token.text) { return true }
                if token.isIdentifier, ["var", "let", "class", "struct", "enum", "actor", "protocol", "extension", "case", "if", "guard",
                                        "while", "for", "switch", "else", "do", "catch", "repeat", "return", "defer"].contains(token.text) { return false }
            }
            k -= 1
            steps += 1
        }
        return false
    }
}
