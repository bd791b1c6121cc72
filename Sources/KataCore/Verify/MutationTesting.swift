import Foundation

/// One small change to a lesson's reference solution: the kind of mistake a learner makes.
public struct Mutant: Sendable, Codable, Equatable {
    /// `let-to-var@RaceCar.swift:7`: stable while the solution's lines stay where they are.
    public var id: String
    public var mutation: String
    public var file: String
    public var line: Int
    /// The changed lines, before and after (`original[i]` became `mutated[i]`).
    public var original: [String]
    public var mutated: [String]
    /// Lines changed, 1-based, in the order of `original`.
    public var lines: [Int]

    public init(id: String, mutation: String, file: String, line: Int, original: [String], mutated: [String], lines: [Int]) {
        self.id = id
        self.mutation = mutation
        self.file = file
        self.line = line
        self.original = original
        self.mutated = mutated
        self.lines = lines
    }

    /// `text` (the file it was made from) with the mutant's lines put in place of the lines it changes.
    public func applied(to text: String) -> String {
        var all = text.components(separatedBy: "\n")
        for (line, new) in zip(lines, mutated) where line >= 1 && line <= all.count { all[line - 1] = new }
        return all.joined(separator: "\n")
    }
}

/// What the lesson's whole judge (tests, rules, sanitizers) said of one mutant.
public struct MutantOutcome: Sendable, Codable, Equatable {
    public enum Verdict: String, Sendable, Codable { case killed, survived, equivalent, notViable = "not viable" }
    public var mutant: Mutant
    public var verdict: Verdict
    /// The test or rule that killed it, or why it is equivalent, or why it does not build.
    public var detail: String
}

/// Mutation operators on a reference solution, read by the compiler (`ResolvedProgram`) so that each operator
/// changes what it means to change: a stored collaborator, a use of it, an initializer's assignment, a lock.
///
/// DI operators: `let-to-var`, `to-unowned-unsafe`, `weak-to-strong` (the reference a collaborator is kept by);
/// `singleton-at-use` (a use of a kept collaborator replaced by a singleton the lesson's rules forbid);
/// `build-inside` (the initializer builds a conformer instead of keeping the one handed over);
/// `default-builds-part` (a default argument that builds the real part); `drop-lock` (a lock and the unlock after
/// it removed); `hoist-to-static` (the collaborator kept where every instance shares it); `memoise-factory` (the first
/// object a factory made handed out again); `copy-for-share` (one of the parts handed a shared object gets a copy of
/// its own); `forward-to-parent` (a type that keeps another of its kind hands that one on instead of itself).
/// General operators: `remove-call`, `negate-condition`, `return-early`, `drop-assignment` (a statement that stores a value),
/// `drop-defer`, `swallow-error` (`try f()` made `_ = try? f()`), `swap-member` (`first`/`last`, `removeLast()`/`removeAll()`,
/// `min`/`max`, ...), `move-boundary` (`<` to `<=`, `==` to `!=`), `swap-calls` (two calls in a row done the other way round),
/// `fallback-only` (`stored ?? fallback` made `fallback`), `empty-body` (a one-line setter or `Void` body emptied),
/// `fresh-for-current` (`T.current` made `T()`: starting from nothing instead of what is in effect).
public enum MutationOperators {
    public static let names: Set<String> = ["let-to-var", "to-unowned-unsafe", "weak-to-strong", "singleton-at-use", "build-inside",
                                            "default-builds-part", "drop-lock", "hoist-to-static", "memoise-factory", "copy-for-share",
                                            "forward-to-parent", "remove-call", "negate-condition", "return-early",
                                            "drop-assignment", "drop-defer", "swallow-error", "swap-member", "move-boundary", "swap-calls",
                                            "fallback-only", "empty-body", "fresh-for-current"]
    public static func mutants(of program: ResolvedProgram, texts: [String: String], forbidden: [String]) -> [Mutant] {
        var found: [Mutant] = []
        var seen: Set<String> = []
        let lines = texts.mapValues { $0.components(separatedBy: "\n") }
        func add(_ mutation: String, _ file: String, _ edits: [(line: Int, text: String)]) {
            guard let fileLines = lines[file], let first = edits.first, !edits.isEmpty,
                  edits.allSatisfy({ $0.line >= 1 && $0.line <= fileLines.count }) else { return }
            let original = edits.map { fileLines[$0.line - 1] }
            guard zip(original, edits).contains(where: { $0 != $1.text }) else { return }
            let id = "\(mutation)@\(file):\(first.line)"
            guard seen.insert(id).inserted else { return }
            found.append(Mutant(id: id, mutation: mutation, file: file, line: first.line, original: original,
                                mutated: edits.map(\.text), lines: edits.map(\.line)))
        }
        func line(_ file: String, _ number: Int) -> String? {
            guard let fileLines = lines[file], number >= 1, number <= fileLines.count else { return nil }
            return fileLines[number - 1]
        }

        let types = Dictionary(program.types.values.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        func conforms(_ type: String, to proto: String) -> Bool {
            var queue = [type], visited: Set<String> = []
            while let next = queue.popLast() {
                guard visited.insert(next).inserted, let declared = types[next] else { continue }
                if declared.supertypes.contains(proto) { return true }
                queue += declared.supertypes
            }
            return false
        }
        /// A module type conforming to `proto` that can be built with `init()`.
        func buildable(_ proto: String) -> String? {
            types.values.filter { $0.kind != "protocol" && conforms($0.name, to: proto) }.map(\.name).sorted().first { name in
                (program.membersByOwner[name] ?? []).contains { $0.kind == "constructor_decl" && $0.arguments == "()" }
            }
        }
        /// `any M.Engine`, `M.Engine`, `(any M.Engine)?` → `Engine` when it is a protocol of the module.
        func protocolOf(_ type: String) -> String? {
            DemangledName.identifiers(type).compactMap { $0.split(separator: ".").last.map(String.init) }
                .first { types[$0]?.kind == "protocol" }
        }

        let collaborators = program.members.values.filter {
            $0.kind == "var_decl" && $0.isStored && !$0.isStatic && !$0.isImplicit && !$0.name.hasPrefix("$") && !$0.name.hasPrefix("_")
        }.sorted { ($0.file, $0.line) < ($1.file, $1.line) }

        for member in collaborators {
            guard let text = line(member.file, member.line) else { continue }
            let holdsObject = protocolOf(member.type) != nil || member.type.contains("->")
                || DemangledName.identifiers(member.type).contains { types[$0.split(separator: ".").last.map(String.init) ?? ""]?.kind == "class_decl" }
            guard holdsObject else { continue }
            if member.isLet, let range = text.range(of: #"\blet\b"#, options: .regularExpression) {
                add("let-to-var", member.file, [(member.line, text.replacingCharacters(in: range, with: "var"))])
                add("to-unowned-unsafe", member.file, [(member.line, text.replacingCharacters(in: range, with: "unowned(unsafe) let"))])
            }
            if member.markers.contains("weak"), let range = text.range(of: #"\bweak\s+"#, options: .regularExpression) {
                add("weak-to-strong", member.file, [(member.line, text.replacingCharacters(in: range, with: ""))])
            }
            guard let proto = protocolOf(member.type) else { continue }
            // A use of the kept collaborator, outside initializers, replaced by a forbidden singleton of the same protocol.
            let singletons = forbidden.compactMap { name -> String? in
                let parts = name.split(separator: ".")
                guard parts.count == 2, let first = parts.first, conforms(String(first), to: proto),
                      parts[1].first?.isLowercase == true else { return nil }
                return name
            }
            if let singleton = singletons.first {
                for node in program.nodes.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) }) {
                    if let usr = node.memberUSR, program.members[usr]?.kind == "constructor_decl" { continue }
                    for use in node.uses where use.usr == member.usr {
                        guard let text = line(use.file, use.line),
                              let range = text.range(of: #"\b(self\.)?\#(member.name)\b"#, options: .regularExpression) else { continue }
                        add("singleton-at-use", use.file, [(use.line, text.replacingCharacters(in: range, with: singleton))])
                    }
                }
            }
            // The initializer builds a part instead of keeping the one it was handed; or a default argument builds it.
            if let part = buildable(proto), let owner = member.owner {
                for initializer in (program.membersByOwner[owner] ?? []) where initializer.kind == "constructor_decl" && !initializer.isImplicit {
                    guard let fileLines = lines[initializer.file] else { continue }
                    for number in initializer.line...min(initializer.line + 12, fileLines.count) {
                        let text = fileLines[number - 1]
                        if let range = text.range(of: #"self\.\#(member.name)\s*=\s*[A-Za-z_]\w*\s*$"#, options: .regularExpression) {
                            add("build-inside", initializer.file, [(number, text.replacingCharacters(in: range, with: "self.\(member.name) = \(part)()"))])
                            break
                        }
                    }
                    if let text = line(initializer.file, initializer.line),
                       let range = text.range(of: #"\b\#(member.name):\s*(any\s+)?\#(proto)\b(?!\s*=)"#, options: .regularExpression) {
                        add("default-builds-part", initializer.file, [(initializer.line, text.replacingCharacters(in: range, with: "\(text[range]) = \(part)()"))])
                    }
                }
            }
        }

        // Uses of each kept collaborator outside initializers, by file and line.
        var usesOf: [String: [(file: String, line: Int)]] = [:]
        for node in program.nodes.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) }) {
            if let usr = node.memberUSR, program.members[usr]?.kind == "constructor_decl" { continue }
            for use in node.uses where !(usesOf[use.usr]?.contains { $0 == (use.file, use.line) } ?? false) {
                usesOf[use.usr, default: []].append((use.file, use.line))
            }
        }
        for member in collaborators {
            guard let owner = member.owner, let ownerType = types[owner], ["class_decl", "struct_decl"].contains(ownerType.kind),
                  let declaration = line(member.file, member.line),
                  let type = capture(#"\b(?:let|var)\s+\#(member.name)\s*:\s*([^={]+?)\s*(?:=.*)?$"#, in: declaration) else { continue }
            let holdsObject = protocolOf(member.type) != nil || member.type.contains("->")
                || DemangledName.identifiers(member.type).contains { types[$0.split(separator: ".").last.map(String.init) ?? ""]?.kind == "class_decl" }
            guard holdsObject else { continue }
            let uses = (usesOf[member.usr] ?? []).filter { $0.file == member.file && $0.line != member.line }
            let indent = String(declaration.prefix { $0 == " " || $0 == "\t" })

            // hoist-to-static: every instance reads the collaborator the last one was handed (state shared by all).
            let hoisted = "kataHoisted_\(member.name)"
            var edits: [(line: Int, text: String)] = [(member.line, declaration + "\n" + indent + "nonisolated(unsafe) static var \(hoisted): (\(type))?")]
            for initializer in (program.membersByOwner[owner] ?? []) where initializer.kind == "constructor_decl" && !initializer.isImplicit && initializer.file == member.file {
                guard let fileLines = lines[initializer.file] else { continue }
                for number in initializer.line...min(initializer.line + 12, fileLines.count) {
                    let text = fileLines[number - 1]
                    if let value = capture(#"self\.\#(member.name)\s*=\s*([A-Za-z_]\w*)\s*$"#, in: text) {
                        edits.append((number, text + "; Self.\(hoisted) = \(value)"))
                        break
                    }
                }
            }
            if edits.count > 1 {
                for use in uses where !edits.contains(where: { $0.line == use.line }) {
                    guard let text = line(use.file, use.line) else { continue }
                    var changed = replacing(#"(?<![.\w])(?:self\.)?\#(member.name)\b(?=\s*=[^=])"#, in: text, with: "Self.\(hoisted)")
                    changed = replacing(#"(?<![.\w])(?:self\.)?\#(member.name)\b(?!\s*[:=])"#, in: changed, with: "Self.\(hoisted)!")
                    if changed != text { edits.append((use.line, changed)) }
                }
                if edits.count > 2 { add("hoist-to-static", member.file, edits.sorted { $0.line < $1.line }) }
            } else if !member.isLet, type.hasSuffix("?"),
                      let head = capture(#"^(.*?)\bvar\s+\#(member.name)\b"#, in: declaration) {
                // A collaborator set from outside (setter injection): the property becomes a door to the static.
                let modifiers = head.replacingOccurrences(of: #"\b(weak|unowned|lazy)\s+"#, with: "", options: .regularExpression)
                add("hoist-to-static", member.file, [(member.line, indent + "nonisolated(unsafe) static var \(hoisted): \(type) = nil\n"
                    + modifiers + "var \(member.name): \(type) { get { Self.\(hoisted) } set { Self.\(hoisted) = newValue } }")])
            }
        }

        // memoise-factory: whatever makes objects (a kept factory closure, a factory protocol's maker, a registration's
        // closure) makes one, and that first product is handed out again.
        let memo = "\nnonisolated(unsafe) private var kataMemo: Any? = nil\n"
            + "private func kataMemoised<T>(_ slot: inout Any?, _ make: () throws -> T) rethrows -> T {\n"
            + "    if let made = slot as? T { return made }\n    let made = try make()\n    slot = made\n    return made\n}"
        func makesObjects(_ result: String) -> Bool {
            if result.contains("Any") { return true }
            return DemangledName.identifiers(result).contains { identifier in
                let name = identifier.split(separator: ".").last.map(String.init) ?? ""
                return types[name].map { ["protocol", "class_decl"].contains($0.kind) } ?? false
            }
        }
        for member in program.members.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) })
            where member.kind == "var_decl" && !member.isStatic && !member.isImplicit && !member.name.hasPrefix("$") {
            let proto = protocolOf(member.type)
            let makers = (proto.flatMap { program.membersByOwner[$0] } ?? [])
                .filter { $0.kind == "func_decl" && makesObjects($0.result) }.map(\.name)
            let closureMakes = member.type.contains("->") && makesObjects(String(member.type[member.type.range(of: "->", options: .backwards)!.upperBound...]))
            guard closureMakes || !makers.isEmpty else { continue }
            let callee = closureMakes ? "" : "\\.(?:\(makers.joined(separator: "|")))"
            for use in usesOf[member.usr] ?? [] where use.line != member.line {
                guard let fileLines = lines[use.file], fileLines.count > 1, use.line != fileLines.count,
                      let text = line(use.file, use.line), !text.contains("await"),
                      let start = text.range(of: #"(?<![\w])(?:[a-z_]\w*\.)?\#(member.name)\??\#(callee)\("#, options: .regularExpression),
                      let end = closingParenthesis(in: text, from: text.index(before: start.upperBound)) else { continue }
                let call = String(text[start.lowerBound...end])
                let wrapped = "kataMemoised(&kataMemo) { \(text.contains("try") ? "try " : "")\(call) }"
                add("memoise-factory", use.file, [(use.line, text.replacingCharacters(in: start.lowerBound...end, with: wrapped)),
                                                  (fileLines.count, fileLines[fileLines.count - 1] + memo)])
            }
        }

        // copy-for-share of a kept collaborator: each part the type builds is handed a new one instead of the one kept.
        for member in collaborators {
            guard let proto = protocolOf(member.type), let part = buildable(proto) else { continue }
            let handed = (usesOf[member.usr] ?? []).filter { use in
                line(use.file, use.line)?.range(of: #"\w+:\s*(?:self\.)?\#(member.name)\s*[,)]"#, options: .regularExpression) != nil
            }
            guard handed.count >= 2 else { continue }
            for use in handed {
                guard let text = line(use.file, use.line) else { continue }
                add("copy-for-share", use.file, [(use.line, replacing(#"(?<=:\s?)(?:self\.)?\#(member.name)(?=\s*[,)])"#, in: text, with: "\(part)()", once: true))])
            }
        }

        for (file, fileLines) in lines.sorted(by: { $0.key < $1.key }) {
            // copy-for-share: an object built once and handed to several parts; one of them gets a copy of its own.
            for (index, text) in fileLines.enumerated() {
                guard let name = capture(#"^\s*(?:(?:private|fileprivate|internal|public|lazy)\s+)*let\s+(\w+)\s*=\s*[A-Z]\w*\(.*\)\s*$"#, in: text),
                      let construction = capture(#"=\s*([A-Z]\w*\(.*\))\s*$"#, in: text),
                      let typeName = capture(#"^([A-Z]\w*)"#, in: construction),
                      let kind = types[typeName]?.kind, kind == "class_decl" else { continue }
                var handed: [(line: Int, text: String)] = []
                for later in (index + 1)..<min(index + 41, fileLines.count) {
                    let candidate = fileLines[later]
                    let pattern = #"(?<=[(,:\[]\s?)(?:self\.)?\#(name)(?=\s*[,)\]])"#
                    if candidate.range(of: pattern, options: .regularExpression) != nil {
                        handed.append((later + 1, replacing(pattern, in: candidate, with: construction, once: true)))
                    }
                }
                // Handed twice, or handed inside a closure that runs for each part (`drivers.map { ... }`).
                if handed.count == 1, let only = handed.first, fileLines[only.line - 1].contains("{") {
                    add("copy-for-share", file, [only])
                }
                guard handed.count >= 2 else { continue }
                for edit in handed.dropFirst() { add("copy-for-share", file, [edit]) }
            }
        }
        // forward-to-parent: a type that keeps another of its own kind (a parent) hands that one on instead of itself.
        for member in collaborators {
            guard let owner = member.owner, DemangledName.identifiers(member.type).contains(where: { $0.split(separator: ".").last.map(String.init) == owner }),
                  let fileLines = lines[member.file], let start = types[owner].map(\.line), types[owner]?.file == member.file else { continue }
            let optional = member.type.hasSuffix("?")
            let substitute = optional ? "(\(member.name) ?? self)" : member.name
            for number in start..<fileLines.count {
                let text = fileLines[number]
                if number > start, text.range(of: #"^(?:public\s+|final\s+|private\s+)*(?:class|struct|enum|actor|extension|protocol)\b"#, options: .regularExpression) != nil { break }
                let pattern = #"(?<=[(,:]\s?)self(?=\s*[,)])"#
                guard text.range(of: pattern, options: .regularExpression) != nil else { continue }
                add("forward-to-parent", member.file, [(number + 1, replacing(pattern, in: text, with: substitute, once: true))])
            }
        }

        // Module types that can be built empty, `T()`: `T.current` made `T()` starts from nothing instead of what is in effect.
        let buildableEmpty = Set(types.values.filter { $0.kind != "protocol" }.map(\.name).filter { name in
            (program.membersByOwner[name] ?? []).contains { $0.kind == "constructor_decl" && $0.arguments == "()" }
        }.map { $0.split(separator: ".").last.map(String.init) ?? $0 })
        for (file, fileLines) in lines.sorted(by: { $0.key < $1.key }) {
            var number = 0
            for text in fileLines {
                number += 1
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("//") || trimmed.hasPrefix("///") { continue }
                let indent = String(text.prefix { $0 == " " || $0 == "\t" })
                // A lock and the first unlock after it.
                if trimmed.range(of: #"^[\w.]+\.lock\(\)$"#, options: .regularExpression) != nil,
                   let unlock = fileLines[number...].firstIndex(where: { $0.contains(".unlock()") }) {
                    add("drop-lock", file, [(number, indent), (unlock + 1, String(fileLines[unlock].prefix { $0 == " " || $0 == "\t" }))])
                }
                if isCallStatement(trimmed) {
                    add("remove-call", file, [(number, indent)])
                }
                if let negated = negated(text) {
                    add("negate-condition", file, [(number, negated)])
                }
                if isAssignmentStatement(trimmed) {
                    add("drop-assignment", file, [(number, indent)])
                }
                if trimmed.range(of: #"^defer\s*\{.*\}$"#, options: .regularExpression) != nil {
                    add("drop-defer", file, [(number, indent)])
                }
                if isCallStatement(trimmed), trimmed.hasPrefix("try "), !trimmed.hasPrefix("try?"), !trimmed.hasPrefix("try!") {
                    add("swallow-error", file, [(number, indent + "_ = try? " + trimmed.dropFirst(4))])
                }
                if let swapped = swappedMember(text) {
                    add("swap-member", file, [(number, swapped)])
                }
                if let moved = movedBoundary(text) {
                    add("move-boundary", file, [(number, moved)])
                }
                if !trimmed.hasPrefix("//"), let fallback = fallbackOnly(text) {
                    add("fallback-only", file, [(number, fallback)])
                }
                if !trimmed.hasPrefix("//"), let emptied = emptiedBody(text) {
                    add("empty-body", file, [(number, emptied)])
                }
                if !trimmed.hasPrefix("//"), !trimmed.contains("static var current"), !trimmed.contains("static let current"),
                   let type = buildableEmpty.first(where: { text.contains("\($0).current") }) {
                    add("fresh-for-current", file, [(number, text.replacingOccurrences(of: "\(type).current", with: "\(type)()"))])
                }
                // Two calls in a row, at the same depth, done the other way round.
                if number < fileLines.count, isCallStatement(trimmed) {
                    let next = fileLines[number]
                    let nextTrimmed = next.trimmingCharacters(in: .whitespaces)
                    if isCallStatement(nextTrimmed), next.prefix(while: { $0 == " " || $0 == "\t" }) == indent, nextTrimmed != trimmed {
                        add("swap-calls", file, [(number, next), (number + 1, text)])
                    }
                }
            }
        }
        for member in program.members.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) })
            where member.kind == "func_decl" && !member.isImplicit && (member.result.isEmpty || member.result == "()" || member.result == "Swift.Void") {
            guard let text = line(member.file, member.line), text.hasSuffix("{"), !text.contains("->") else { continue }
            add("return-early", member.file, [(member.line, text + " return;")])
        }
        return found.sorted { ($0.file, $0.line, $0.mutation) < ($1.file, $1.line, $1.mutation) }
    }

    static func capture(_ pattern: String, in text: String) -> String? {
        let regex = try! NSRegularExpression(pattern: pattern)
        guard let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)), match.numberOfRanges > 1,
              let range = Range(match.range(at: 1), in: text) else { return nil }
        return String(text[range])
    }

    static func replacing(_ pattern: String, in text: String, with replacement: String, once: Bool = false) -> String {
        let regex = try! NSRegularExpression(pattern: pattern)
        var result = text
        let matches = regex.matches(in: text, range: NSRange(text.startIndex..., in: text))
        for match in (once ? Array(matches.prefix(1)) : matches).reversed() {
            guard let range = Range(match.range, in: result) else { continue }
            result.replaceSubrange(range, with: replacement)
        }
        return result
    }

    /// The index of the `)` that closes the `(` at `open`, outside string literals.
    static func closingParenthesis(in text: String, from open: String.Index) -> String.Index? {
        var depth = 0, inString = false, index = open
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" { inString.toggle() }
            if !inString {
                if character == "(" { depth += 1 }
                if character == ")" { depth -= 1; if depth == 0 { return index } }
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// `radio.send(message)`, `try store.save(lap)`, `delegate?.didFinish(lap: lap)`: a call whose result is unused.
    static func isCallStatement(_ line: String) -> Bool {
        let keywords = ["return", "let ", "var ", "if ", "guard ", "func ", "init", "case ", "else", "}", "switch ", "for ", "while ",
                        "defer", "super.init", "self.init", "throw ", "@", "import ", "public ", "private ", "internal ", "static ", "#"]
        if keywords.contains(where: { line.hasPrefix($0) }) || line.contains(" = ") || line.contains("{") || line.hasSuffix(",") { return false }
        return line.range(of: #"^(try\s+|await\s+|try\s+await\s+)?[A-Za-z_][\w]*(\??\.[A-Za-z_][\w]*)*\??\(.*\)$"#, options: .regularExpression) != nil
    }

    /// `stored ?? fallback` made `fallback`: what was stored or handed over is ignored (`return a ?? b`,
    /// `get { a ?? b }`, `let x = a ?? b`).
    static func fallbackOnly(_ line: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: #"((?:\breturn\s+|\bget\s*\{\s*|[^=!<>]=\s+))([^{}]+?)\s*\?\?\s*"#),
              let match = regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
              let whole = Range(match.range, in: line), let head = Range(match.range(at: 1), in: line) else { return nil }
        return String(line[..<whole.lowerBound]) + String(line[head]) + String(line[whole.upperBound...])
    }

    /// A one-line body `{ stmt }` whose statement stores a value or calls something, emptied: `set { a = b }` → `set { }`.
    static func emptiedBody(_ line: String) -> String? {
        guard let open = line.firstIndex(of: "{"), let close = line.lastIndex(of: "}"), open < close else { return nil }
        let inner = line[line.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
        guard !inner.isEmpty, !inner.contains("{"), !inner.contains(";"), !inner.hasPrefix("$0"), !inner.contains(" in "),
              isAssignmentStatement(inner) || isCallStatement(inner) && !line[..<open].contains("get") else { return nil }
        let head = line[..<open]
        // Only bodies whose emptiness still compiles: a setter, a `didSet`, a `Void` function or closure.
        guard head.contains("set") || head.contains("didSet") || head.contains("willSet") || head.contains("func ") && !head.contains("->")
        else { return nil }
        return String(line[...open]) + " " + String(line[close...])
    }

    /// `count += 1`, `self.best = lap`, `values[key] = value`: a statement that only stores a value.
    static func isAssignmentStatement(_ line: String) -> Bool {
        let keywords = ["let ", "var ", "if ", "guard ", "return", "case ", "for ", "while ", "@", "static ", "private ", "public ",
                        "internal ", "lazy ", "weak ", "unowned", "fileprivate ", "nonisolated", "#"]
        if keywords.contains(where: { line.hasPrefix($0) }) || line.contains("{") || line.hasSuffix(",") { return false }
        return line.range(of: #"^(self\.)?[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*(\[[^\]=]+\])?\s*(=|\+=|-=|\*=)\s*[^=].*$"#,
                          options: .regularExpression) != nil
    }

    /// The first member of a pair a learner mixes up, swapped: `first`/`last`, `removeLast()`/`removeAll()`,
    /// `removeFirst`/`removeLast`, `min`/`max`, `prefix`/`suffix`, `append(contentsOf:)` kept.
    static func swappedMember(_ line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("//") { return nil }
        let pairs: [(String, String)] = [(".removeLast()", ".removeAll()"), (".removeAll()", ".removeLast()"),
                                         (".removeFirst()", ".removeLast()"), (".first", ".last"), (".last", ".first"),
                                         (".min()", ".max()"), (".max()", ".min()"), (".prefix(", ".suffix("), (".suffix(", ".prefix(")]
        for (from, to) in pairs {
            guard let range = line.range(of: from) else { continue }
            // `.first` must end the name: not `.firstIndex`, `.lastLap`.
            if from == ".first" || from == ".last" {
                let after = line[range.upperBound...].first
                if let after, after.isLetter || after.isNumber || after == "_" { continue }
            }
            var mutated = line
            mutated.replaceSubrange(range, with: to)
            return mutated
        }
        return nil
    }

    /// A comparison moved across its boundary: `<` to `<=`, `>=` to `>`, `==` to `!=` (the first one on the line,
    /// outside strings; not `->`, `<T>`, `=>`).
    static func movedBoundary(_ line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("//") || trimmed.hasPrefix("func ") || trimmed.contains("func ") || trimmed.hasPrefix("import ") { return nil }
        let characters = Array(line)
        var inString = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\"" { inString.toggle() }
            if !inString {
                let next = index + 1 < characters.count ? characters[index + 1] : " "
                let previous = index > 0 ? characters[index - 1] : " "
                func replaced(_ count: Int, _ with: String) -> String {
                    String(characters[..<index]) + with + String(characters[(index + count)...])
                }
                // Only spaced operators: `a < b`, not generics or arrows.
                if previous == " " {
                    switch (character, next) {
                    case ("<", "="): if index + 2 < characters.count, characters[index + 2] == " " { return replaced(2, "<") }
                    case (">", "="): if index + 2 < characters.count, characters[index + 2] == " " { return replaced(2, ">") }
                    case ("=", "="): if index + 2 < characters.count, characters[index + 2] == " " { return replaced(2, "!=") }
                    case ("!", "="): if index + 2 < characters.count, characters[index + 2] == " " { return replaced(2, "==") }
                    case ("<", " "): return replaced(1, "<=")
                    case (">", " "): return replaced(1, ">=")
                    default: break
                    }
                }
            }
            index += 1
        }
        return nil
    }

    /// `if x > 0 {` → `if !(x > 0) {`; `guard ok else {` → `guard !(ok) else {`. Not `if let`, `if case`, `#if`.
    static func negated(_ line: String) -> String? {
        for pattern in [#"^(\s*(?:\}\s*else\s+)?if\s+)(.+?)(\s*\{.*)$"#, #"^(\s*guard\s+)(.+?)(\s+else\s*\{.*)$"#] {
            let regex = try! NSRegularExpression(pattern: pattern)
            guard let result = regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
                  let head = Range(result.range(at: 1), in: line), let condition = Range(result.range(at: 2), in: line),
                  let tail = Range(result.range(at: 3), in: line) else { continue }
            let text = String(line[condition])
            guard text.range(of: #"^(let|var|case)\b"#, options: .regularExpression) == nil, !text.contains(",") else { return nil }
            return String(line[head]) + "!(" + text + ")" + String(line[tail])
        }
        return nil
    }
}

/// `kata verify --mutants`: every mutant of a lesson's reference solution judged by the lesson's whole judge.
/// A mutant that still passes every test and breaks no rule survived: a learner could make that mistake and pass.
public struct MutationTester: Sendable {
    public let checker: LessonChecker
    public let reader: ProgramReader
    public let fileSystem: any FileSystem
    /// Where mutated copies of the solution are written (one folder per lesson, reused).
    public let scratch: String
    /// Judge every n-th mutant only (1: all), for a quick sample.
    public var stride = 1
    /// Judge only these operators' mutants (nil: all).
    public var operators: Set<String>? = nil

    public init(checker: LessonChecker, reader: ProgramReader, fileSystem: any FileSystem, scratch: String) {
        self.checker = checker
        self.reader = reader
        self.fileSystem = fileSystem
        self.scratch = scratch
    }

    public struct LessonScore: Sendable, Codable, Equatable {
        public var lesson: String
        public var outcomes: [MutantOutcome]
        public var problems: [String]
        public var killed: Int { outcomes.filter { $0.verdict == .killed }.count }
        public var survived: [MutantOutcome] { outcomes.filter { $0.verdict == .survived } }
        public var equivalent: [MutantOutcome] { outcomes.filter { $0.verdict == .equivalent } }
        /// Killed among the mutants that build and are not equivalent.
        public var score: Double {
            let judged = killed + survived.count
            return judged == 0 ? 1 : Double(killed) / Double(judged)
        }
    }

    /// `Solutions/NN-slug/mutants.json`: `{"equivalent": {"<mutant id>": "why it behaves like the solution"}}`.
    func equivalents(_ lesson: Lesson) -> [String: String] {
        let path = "\((lesson.solutionSources as NSString).deletingLastPathComponent)/mutants.json"
        guard let data = try? fileSystem.read(path),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [:] }
        return json["equivalent"] as? [String: String] ?? [:]
    }

    public func mutants(of lesson: Lesson) -> (mutants: [Mutant], texts: [String: String], problem: String?) {
        let names = ((try? fileSystem.filesRecursively(lesson.solutionSources, withExtension: "swift")) ?? []).sorted()
        var texts: [String: String] = [:]
        var inputs: [(path: String, shown: String, text: String)] = []
        for name in names {
            guard let text = try? fileSystem.readText("\(lesson.solutionSources)/\(name)") else { continue }
            texts[name] = text
            inputs.append((path: "\(lesson.solutionSources)/\(name)", shown: name, text: text))
        }
        guard let program = reader.read(module: lesson.module, files: inputs) else {
            return ([], texts, "the compiler gave no reading of the reference solution")
        }
        let forbidden = lesson.metadata.rules.filter { $0.kind == .forbiddenReference }.flatMap(\.names)
        // A file the learner keeps as given ("You do not change this file") is graded from the course's copy: a
        // mistake made there is one no learner can make, so it is no mutant.
        let given = Set(texts.filter { $0.value.lowercased().contains(LessonFiles.fixedMarker) }.map(\.key))
        let mutants = MutationOperators.mutants(of: program, texts: texts, forbidden: forbidden).filter { !given.contains($0.file) }
        return (mutants, texts, nil)
    }

    public func score(_ lesson: Lesson) -> LessonScore {
        let (all, texts, problem) = mutants(of: lesson)
        if let problem { return LessonScore(lesson: lesson.id, outcomes: [], problems: [problem]) }
        let chosen = all.filter { operators?.contains($0.mutation) ?? true }.enumerated()
            .filter { $0.offset % max(1, stride) == 0 }.map(\.element)
        let equivalent = equivalents(lesson)
        let folder = "\(scratch)/\(lesson.id)"
        var outcomes: [MutantOutcome] = []
        for mutant in chosen {
            if let why = equivalent[mutant.id] {
                outcomes.append(MutantOutcome(mutant: mutant, verdict: .equivalent, detail: why))
                continue
            }
            try? fileSystem.remove(folder)
            try? fileSystem.createDirectory(folder)
            for (name, text) in texts {
                var lines = text.components(separatedBy: "\n")
                if name == mutant.file { for (line, new) in zip(mutant.lines, mutant.mutated) { lines[line - 1] = new } }
                let target = "\(folder)/\(name)"
                try? fileSystem.createDirectory((target as NSString).deletingLastPathComponent)
                try? fileSystem.writeText(lines.joined(separator: "\n"), to: target)
            }
            // The reference's learner-written tests go with it (inside the folder, which is how a custom variant finds them).
            if let spec = lesson.metadata.learnerTests, let tests = LessonVariant.solution.learnerTests(of: lesson, fileSystem: fileSystem) {
                for name in (try? fileSystem.filesRecursively(tests, withExtension: "swift")) ?? [] {
                    try? fileSystem.createDirectory(("\(folder)/\(spec.folder)/\(name)" as NSString).deletingLastPathComponent)
                    try? fileSystem.copyFile("\(tests)/\(name)", to: "\(folder)/\(spec.folder)/\(name)")
                }
            }
            // One build folder for every mutant of the lesson: a mutant that keeps the interface reuses the test program.
            var checker = self.checker
            // Its mutants are of the rest of the module; the real implementation's are judged by `kata verify`.
            checker.judgesLearnerMutants = false
            let report = checker.check(lesson, variant: .custom(name: "mutant", sources: folder))
            outcomes.append(Self.outcome(mutant, report))
        }
        try? fileSystem.remove(folder)
        var problems: [String] = []
        for id in equivalent.keys.sorted() where !all.contains(where: { $0.id == id }) {
            problems.append("mutants.json declares \(id) equivalent, but no such mutant exists (did the solution's lines move?)")
        }
        return LessonScore(lesson: lesson.id, outcomes: outcomes, problems: problems)
    }

    static func outcome(_ mutant: Mutant, _ report: CheckReport) -> MutantOutcome {
        switch report.stage {
        case .module, .tests:
            let first = report.diagnostics.first.map { "\($0.file.isEmpty ? "" : "\(($0.file as NSString).lastPathComponent):\($0.line): ")\($0.message)" } ?? "does not build"
            return MutantOutcome(mutant: mutant, verdict: .notViable, detail: first)
        case .run:
            var killers = report.tests.filter { $0.status != .pass }.map { "test: \($0.name)" }
            killers += Array(Set(report.findings.map(\.rule))).sorted().map { "rule: \($0)" }
            if report.status == .pass || killers.isEmpty {
                return MutantOutcome(mutant: mutant, verdict: .survived, detail: "every test passes and no rule is broken")
            }
            return MutantOutcome(mutant: mutant, verdict: .killed, detail: killers.prefix(3).joined(separator: "; "))
        }
    }
}
