import Foundation

/// `lock_held`: a type that keeps a lock touches what the lock guards only while holding it.
///
/// What a lock guards is read from the code, as a race detector would, not declared: every mutable stored
/// property of the type that some method touches while holding one of the type's locks. Every other touch of it,
/// outside initializers, must hold a lock too. Where a lock is held is read from the layout of the code the
/// compiler read: inside `lock.withLock { ... }` (or a queue's `sync { ... }`), from `lock.lock()` to the next
/// `unlock()`, or to the end of the function after `defer { lock.unlock() }`. A private helper whose every call
/// site holds the lock holds it too.
enum LockDiscipline {
    static let lockTypes: Set<String> = ["NSLock", "NSRecursiveLock", "NSCondition", "NSConditionLock", "OSAllocatedUnfairLock",
                                         "DispatchQueue", "DispatchSemaphore", "pthread_mutex_t", "os_unfair_lock"]

    struct Miss {
        var owner: String
        var function: String
        var property: String
        var lock: String
        var guardedIn: String
        /// For a helper: a caller that calls it without the lock.
        var calledFrom: String?
        /// The property is a `public` `var` anyone can set (no `private(set)`): that setter never takes the lock. `line` is
        /// then its declaration's.
        var setFromOutside = false
        var file: String
        var line: Int
    }

    static func misses(in program: ResolvedProgram, types: [String]) -> [Miss] {
        var found: [Miss] = []
        let linesOf = program.texts.mapValues { $0.components(separatedBy: "\n") }
        for type in types.sorted() {
            let members = program.membersByOwner[type] ?? []
            let locks = members.filter { member in
                member.kind == "var_decl" && member.isStored && !member.isStatic
                    && DemangledName.identifiers(member.type).contains { lockTypes.contains($0.split(separator: ".").last.map(String.init) ?? $0) }
            }.map(\.name)
            guard !locks.isEmpty else { continue }
            var mutable = Dictionary(members.filter { $0.kind == "var_decl" && $0.isStored && !$0.isStatic && !$0.isLet && !locks.contains($0.name) }
                .map { ($0.usr, $0) }, uniquingKeysWith: { first, _ in first })
            let nodes = program.nodes.values.filter { node in
                node.owner == type && node.context == .body
                    && !["constructor_decl", "destructor_decl"].contains(node.memberUSR.flatMap { program.members[$0] }?.kind ?? "")
            }
            // A `var` the module's users can set (public) is written without the lock by that setter, whatever the methods do.
            let outside = Set(mutable.values.filter { property in
                ["public", "open"].contains(property.access)
                    && !property.markers.contains("private(set)") && !property.markers.contains("fileprivate(set)")
            }.map(\.usr))
            // Only what changes after the object is made can race: a `var` no method writes is left alone.
            mutable = mutable.filter { usr, property in
                outside.contains(usr) || nodes.contains { node in
                    node.uses.contains { use in
                        use.usr == usr && linesOf[use.file].map { lines in
                            use.line <= lines.count && writes(property.name, in: code(lines[use.line - 1]))
                        } ?? true
                    }
                }
            }
            guard !mutable.isEmpty else { continue }
            // A method of the type that holds the lock around a closure it is handed (`func locked<T>(_ body: () -> T)`)
            // holds it for the closure's lines at every call.
            let wrappers = members.filter { member in
                member.kind == "func_decl" && member.arguments.contains(":")
                    && (linesOf[member.file].map { heldLines(in: $0, from: member.line, locks: locks).isEmpty == false } ?? false)
            }.map(\.name)
            var held: [String: [ClosedRange<Int>]] = [:]
            for node in nodes {
                guard let lines = linesOf[node.file] else { continue }
                held[node.id] = heldLines(in: lines, from: node.line, locks: locks, wrappers: wrappers)
            }
            // Where the lock is held is a matter of lines, whichever node the compiler files them under (a `defer`
            // block or a closure is a node of its own, nested in its function's lines).
            var heldInFile: [String: [ClosedRange<Int>]] = [:]
            for node in nodes { heldInFile[node.file, default: []] += held[node.id] ?? [] }
            let fileOf = Dictionary(program.nodes.values.map { ($0.id, $0.file) }, uniquingKeysWith: { first, _ in first })
            func heldAt(_ id: String, _ line: Int) -> Bool {
                (heldInFile[fileOf[id] ?? ""] ?? []).contains { $0.contains(line) }
            }
            // Call sites of each function of the type: a helper called only while the lock is held holds it.
            var callSites: [String: [(node: String, line: Int)]] = [:]
            let byMember = Dictionary(nodes.compactMap { node in node.memberUSR.map { ($0, node.id) } }, uniquingKeysWith: { first, _ in first })
            for node in program.nodes.values {
                for use in node.uses {
                    guard let callee = byMember[use.usr], callee != node.id else { continue }
                    callSites[callee, default: []].append((node.id, use.line))
                }
            }
            var underLock = Set(nodes.filter { node in
                guard let usr = node.memberUSR, program.members[usr]?.kind == "func_decl" else { return false }
                return !(callSites[node.id] ?? []).isEmpty
            }.map(\.id))
            var changed = true
            while changed {
                changed = false
                for id in underLock {
                    let unheld = (callSites[id] ?? []).contains { site in
                        !underLock.contains(site.node) && !heldAt(site.node, site.line)
                    }
                    if unheld { underLock.remove(id); changed = true }
                }
            }
            func isHeld(_ node: ResolvedProgram.Node, _ line: Int) -> Bool {
                underLock.contains(node.id) || heldAt(node.id, line)
            }
            // A helper called with the lock held from at least one place runs, there, under the lock.
            var sometimesLocked: Set<String> = []
            changed = true
            while changed {
                changed = false
                for node in nodes where !sometimesLocked.contains(node.id) {
                    let locked = (callSites[node.id] ?? []).contains { site in
                        sometimesLocked.contains(site.node) || heldAt(site.node, site.line)
                    }
                    if locked { sometimesLocked.insert(node.id); changed = true }
                }
            }
            var guardedIn: [String: String] = [:]
            for node in nodes.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) }) {
                for use in node.uses where mutable[use.usr] != nil && guardedIn[use.usr] == nil
                    && (isHeld(node, use.line) || sometimesLocked.contains(node.id)) {
                    guardedIn[use.usr] = node.member ?? type
                }
            }
            for usr in outside.sorted() {
                guard let property = mutable[usr], let place = guardedIn[usr] else { continue }
                found.append(Miss(owner: type, function: type, property: property.name, lock: locks[0], guardedIn: place,
                                  calledFrom: nil, setFromOutside: true, file: property.file, line: property.line))
            }
            let names = Dictionary(nodes.map { ($0.id, $0.member ?? type) }, uniquingKeysWith: { first, _ in first })
            var reported: Set<String> = []
            for node in nodes.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) }) {
                for use in node.uses.sorted(by: { $0.line < $1.line }) {
                    guard let property = mutable[use.usr], let place = guardedIn[use.usr], !isHeld(node, use.line),
                          reported.insert("\(node.id) \(use.usr)").inserted else { continue }
                    let caller = (callSites[node.id] ?? []).first { site in
                        !underLock.contains(site.node) && !heldAt(site.node, site.line)
                    }.flatMap { names[$0.node] }
                    found.append(Miss(owner: type, function: node.member ?? type, property: property.name, lock: locks[0],
                                      guardedIn: place, calledFrom: caller, file: use.file, line: use.line))
                }
            }
        }
        return found
    }

    /// The 1-based line ranges, inside the body that opens at or after `start`, where one of `locks` is held.
    /// `name = `, `name[key] = `, `name += `, `name.append(`, `&name`: a line that changes `name`.
    static func writes(_ name: String, in line: String) -> Bool {
        let escaped = NSRegularExpression.escapedPattern(for: name)
        let patterns = [#"(?<![\w.])(?:self\.)?\#(escaped)(?:\[[^\]]*\]|\.\w+|\?)*\s*(?:[-+*/%|&]|\?\?)?=(?!=)"#,
                        #"(?<![\w.])(?:self\.)?\#(escaped)(?:\[[^\]]*\])?\??\.(?:append|insert|remove\w*|pop\w*|merge|update\w*|sort|reverse|formUnion|subtract|swapAt)\b"#,
                        #"&(?:self\.)?\#(escaped)\b"#]
        return patterns.contains { line.range(of: $0, options: .regularExpression) != nil }
    }

    static func heldLines(in lines: [String], from start: Int, locks: [String], wrappers: [String] = []) -> [ClosedRange<Int>] {
        guard start >= 1, start <= lines.count, let body = block(in: lines, openingAtOrAfter: start) else { return [] }
        var ranges: [ClosedRange<Int>] = []
        let names = locks.map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|")
        let wrapped = wrappers.isEmpty ? "" : "|" + wrappers.map { #"(?<![\w.])(?<!func )(?:self\.)?"# + NSRegularExpression.escapedPattern(for: $0) + #"\s*(?:\([^()]*\))?\s*(?=\{)"# }.joined(separator: "|")
        let scoped = try! NSRegularExpression(pattern: #"\b(?:self\.)?(?:\#(names))\??\.(?:withLock|withLockUnchecked|sync|withCriticalRegion)\b"# + wrapped)
        let acquire = try! NSRegularExpression(pattern: #"\b(?:self\.)?(?:\#(names))\??\.(?:lock|wait|lockWhenCondition)\("#)
        let release = try! NSRegularExpression(pattern: #"\b(?:self\.)?(?:\#(names))\??\.(?:unlock|signal|unlockWithCondition)\("#)
        func matches(_ regex: NSRegularExpression, _ text: String) -> NSTextCheckingResult? {
            regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        }
        for number in body.lowerBound...body.upperBound {
            let text = code(lines[number - 1])
            if let match = matches(scoped, text), let after = Range(match.range, in: text)?.upperBound {
                let column = text.distance(from: text.startIndex, to: after)
                if let region = block(in: lines, openingAtOrAfter: number, column: column) {
                    ranges.append(number...region.upperBound)
                }
            }
            if matches(acquire, text) != nil {
                // Held to the first release after it; a release in a `defer` (on this line or later) runs at the
                // end of the scope, so the lock is held to the end of the body.
                var end = body.upperBound
                if !(text.contains("defer") && matches(release, text) != nil),
                   let unlock = (number...body.upperBound).dropFirst().first(where: { matches(release, code(lines[$0 - 1])) != nil }),
                   !code(lines[unlock - 1]).contains("defer") {
                    end = unlock
                }
                ranges.append(number...end)
            }
        }
        return ranges
    }

    /// A line without its `//` comment and string literals' contents.
    static func code(_ line: String) -> String {
        var result = "", inString = false, previous: Character = " "
        for character in line {
            if !inString, character == "/", previous == "/" { result.removeLast(); break }
            if character == "\"" { inString.toggle(); result.append(character) } else if !inString { result.append(character) }
            previous = character
        }
        return result
    }

    /// The lines from the first `{` at or after `start` (from `column` on that line) to the `}` that closes it.
    static func block(in lines: [String], openingAtOrAfter start: Int, column: Int = 0) -> ClosedRange<Int>? {
        var depth = 0, opened: Int?
        for number in start...lines.count {
            var text = code(lines[number - 1])
            if number == start { text = String(text.dropFirst(min(column, text.count))) }
            for character in text {
                if character == "{" { depth += 1; if opened == nil { opened = number } }
                if character == "}", opened != nil { depth -= 1; if depth == 0 { return opened!...number } }
            }
        }
        return nil
    }
}
