import Foundation
@testable import KataCore

/// The dictionary-based reader as it was, to compare the new one with on real dumps.
enum OldDumpReader {
    static func parseObject(_ data: Data, _ range: Range<Int>) -> (object: [String: Any], repaired: Bool)? {
        let end = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var depth = 0, inString = false, escaped = false
            var index = range.lowerBound
            while index < range.upperBound {
                let byte = bytes[index]
                if inString {
                    if escaped { escaped = false } else if byte == 92 { escaped = true } else if byte == 34 { inString = false }
                } else if byte == 34 { inString = true }
                else if byte == 123 { depth += 1 }
                else if byte == 125 { depth -= 1; if depth == 0 { return index + 1 } }
                index += 1
            }
            return nil
        }
        if let end, let value = try? JSONSerialization.jsonObject(with: pruned(data[range.lowerBound..<end])) as? [String: Any], value["items"] is [Any] || value["items"] == nil {
            return (value, false)
        }
        // Some dumps of swiftc 6.3 leave a container unclosed (a `]` where an object's `}`
        // is due): close what the next closer skips, and what is open at the end.
        if let repaired = repairedObject(data, range),
           let value = try? JSONSerialization.jsonObject(with: pruned(repaired)) as? [String: Any], value["items"] is [Any] || value["items"] == nil {
            return (value, true)
        }
        return nil
    }

    /// Keys whose values kata never reads: left out before parsing, so the tree of a
    /// large file takes half the memory (`processed_init` repeats `original_init`).
    static let prunedKeys: [[UInt8]] = ["processed_init", "function_ref", "implicit_self_decl", "compiler_version", "decl_context",
                                        "builtin_initializer", "isolation_crossing", "init_context", "thrown_type"].map { Array("\"\($0)\":".utf8) }

    /// The JSON text without the values of `prunedKeys` (the text stays valid JSON when it was).
    static func pruned(_ slice: Data) -> Data {
        slice.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Data in
            let bytes = raw.bindMemory(to: UInt8.self)
            let count = bytes.count
            var out = [UInt8]()
            out.reserveCapacity(count)
            var index = 0
            var inString = false, escaped = false
            func startsKey(at i: Int) -> Int? {
                for key in prunedKeys where i + key.count <= count {
                    var k = 0
                    while k < key.count && bytes[i + k] == key[k] { k += 1 }
                    if k == key.count { return key.count }
                }
                return nil
            }
            while index < count {
                let byte = bytes[index]
                if inString {
                    out.append(byte)
                    if escaped { escaped = false } else if byte == 92 { escaped = true } else if byte == 34 { inString = false }
                    index += 1
                    continue
                }
                if byte == 34, let last = out.last, last == 44 || last == 123, let length = startsKey(at: index) {
                    // Skip the key and its value.
                    var i = index + length
                    if i < count && bytes[i] == 34 {
                        i += 1
                        var esc = false
                        while i < count { let b = bytes[i]; i += 1; if esc { esc = false } else if b == 92 { esc = true } else if b == 34 { break } }
                    } else if i < count && (bytes[i] == 123 || bytes[i] == 91) {
                        var depth = 0, str = false, esc = false
                        while i < count {
                            let b = bytes[i]; i += 1
                            if str { if esc { esc = false } else if b == 92 { esc = true } else if b == 34 { str = false }; continue }
                            if b == 34 { str = true } else if b == 123 || b == 91 { depth += 1 } else if b == 125 || b == 93 { depth -= 1; if depth == 0 { break } }
                        }
                    } else {
                        while i < count && bytes[i] != 44 && bytes[i] != 125 && bytes[i] != 93 { i += 1 }
                    }
                    // Drop the comma on one side: `{"a":1,"skipped":2}` and `{"skipped":1,"b":2}`.
                    if out.last == 44 { out.removeLast() } else if i < count && bytes[i] == 44 { i += 1 }
                    index = i
                    continue
                }
                if byte == 34 { inString = true }
                out.append(byte)
                index += 1
            }
            return Data(out)
        }
    }

    static func repairedObject(_ data: Data, _ range: Range<Int>) -> Data? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Data? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var out: [UInt8] = []
            out.reserveCapacity(range.count + 64)
            var stack: [UInt8] = []
            var inString = false, escaped = false, repaired = false
            var index = range.lowerBound
            while index < range.upperBound {
                let byte = bytes[index]
                index += 1
                if inString {
                    out.append(byte)
                    if escaped { escaped = false } else if byte == 92 { escaped = true } else if byte == 34 { inString = false }
                    continue
                }
                switch byte {
                case 34: inString = true; out.append(byte)
                case 123, 91: stack.append(byte); out.append(byte)
                case 125, 93:
                    let opener: UInt8 = byte == 125 ? 123 : 91
                    if stack.last == opener {
                        stack.removeLast()
                        out.append(byte)
                        if stack.isEmpty { return repaired ? Data(out) : nil }
                        continue
                    }
                    repaired = true
                    // A run of closers in the wrong order (`]}` where `}]` is due): put them in order.
                    var end = index - 1
                    var run: [UInt8] = []
                    while end < range.upperBound, bytes[end] == 125 || bytes[end] == 93 { run.append(bytes[end]); end += 1 }
                    if run.count <= stack.count {
                        let due = stack.suffix(run.count).reversed().map { $0 == 123 ? UInt8(125) : UInt8(93) }
                        if due.sorted() == run.sorted() {
                            out.append(contentsOf: due)
                            stack.removeLast(run.count)
                            index = end
                            if stack.isEmpty { return Data(out) }
                            continue
                        }
                    }
                    guard stack.contains(opener) else { continue }  // a closer with nothing to close
                    while let top = stack.last, top != opener {
                        out.append(top == 123 ? 125 : 93); stack.removeLast(); repaired = true
                    }
                    stack.removeLast()
                    out.append(byte)
                    if stack.isEmpty { return repaired ? Data(out) : nil }
                default: out.append(byte)
                }
            }
            // The text ended (or the next object began) with containers still open.
            while let top = stack.popLast() {
                if out.last == 44 { out.removeLast() }
                out.append(top == 123 ? 125 : 93)
            }
            return Data(out)
        }
    }


    static func model(dump: [String: Any], file: String, text: String) -> CodeModel {
        var walker = OldDumpWalker(file: file, text: text, tokens: SwiftLexer.tokens(of: text))
        walker.walkArray(dump["items"] as? [Any] ?? [], scope: .init(owner: nil, member: nil, isStatic: false, context: .topLevel, window: 0...Int.max))
        return walker.model
    }
}

struct OldDumpWalker {
    let file: String
    let tokens: [SwiftToken]
    let lines: LineIndex
    /// Token indices by text, in order: where a name can be looked for without a scan of the file.
    let byText: [String: [Int]]
    var model = CodeModel()
    var used: Set<Int> = []

    struct Scope {
        var owner: String?
        var member: String?
        var isStatic: Bool
        var context: ReferenceContext
        /// Byte offsets of the smallest ranged node around: where expressions are looked for.
        var window: ClosedRange<Int>
        /// Inside `top_level_code_decl` (a `main.swift`): the program's own top-level code.
        var topLevelCode = false
        /// Inside a `convenience init`: the edge where a default is built.
        var convenience = false
    }

    init(file: String, text: String, tokens: [SwiftToken]) {
        self.file = file
        self.tokens = tokens
        self.lines = LineIndex(text)
        var byText: [String: [Int]] = [:]
        for (index, token) in tokens.enumerated() where token.kind == .identifier { byText[token.text, default: []].append(index) }
        self.byText = byText
    }

    static let typeKinds: [String: TypeKind] = [
        "class_decl": .class, "struct_decl": .struct, "enum_decl": .enum, "protocol": .protocol,
        "protocol_decl": .protocol, "extension_decl": .extension, "actor_decl": .actor,
    ]
    /// Implicit nodes that hold nothing written in the code (a prefix operator's
    /// implicit argument list does: it is walked).
    static let implicitSkipped: Set<String> = ["declref_expr", "parameter", "var_decl", "pattern_binding_decl", "constructor_decl", "func_decl", "accessor_decl", "type_expr", "destructor_decl"]
    static let skippedKeys: Set<String> = ["processed_init", "range", "function_ref", "name", "implicit_self_decl", "_kind", "decl_context", "init_context", "type", "generic_params", "where_requirements", "inherits"]

    func tokenIndex(at offset: Int) -> Int? {
        var low = 0, high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].offset < offset { low = middle + 1 } else { high = middle }
        }
        return low < tokens.count && tokens[low].offset == offset ? low : (low < tokens.count ? low : nil)
    }

    static func range(_ node: [String: Any]) -> ClosedRange<Int>? {
        guard let range = node["range"] as? [String: Any],
              let start = range["start"] as? Int, let end = range["end"] as? Int, start <= end
        else { return nil }
        return start...end
    }

    static func name(_ node: [String: Any]) -> String? {
        ((node["name"] as? [String: Any])?["base_name"] as? [String: Any])?["name"] as? String
    }

    mutating func walkArray(_ items: [Any], scope: Scope) {
        for (index, item) in items.enumerated() {
            guard let node = item as? [String: Any] else { walkAny(item, scope: scope); continue }
            if node["_kind"] as? String == "pattern_binding_decl" {
                let isStatic = items[(index + 1)...].lazy.compactMap { $0 as? [String: Any] }
                    .first { $0["_kind"] as? String == "var_decl" }?["static"] as? Bool ?? false
                walkBinding(node, isStatic: isStatic, scope: scope)
            } else {
                walk(node, scope: scope)
            }
        }
    }

    mutating func walkAny(_ value: Any, scope: Scope) {
        if let node = value as? [String: Any] { walk(node, scope: scope) }
        else if let items = value as? [Any] { walkArray(items, scope: scope) }
    }

    mutating func walk(_ node: [String: Any], scope outer: Scope) {
        var scope = outer
        if let range = Self.range(node) { scope.window = range }
        let kind = node["_kind"] as? String ?? ""
        if node["implicit"] as? Bool == true {
            // A `defer` block is an implicit function `$defer`: its body is the code's own.
            if kind == "func_decl", Self.name(node) == "$defer" {
                if let body = node["body"] as? [String: Any] { walk(body, scope: scope) }
                return
            }
            if Self.implicitSkipped.contains(kind) { return }
        }

        if var typeKind = Self.typeKinds[kind] {
            if node["actor"] as? Bool == true { typeKind = .actor }
            walkType(node, kind: typeKind, scope: scope)
            return
        }
        switch kind {
        case "constructor_decl", "func_decl", "destructor_decl", "subscript_decl":
            walkFunction(node, kind: kind, scope: scope)
        case "var_decl":
            walkVariable(node, scope: scope)
        case "pattern_binding_decl":
            walkBinding(node, isStatic: false, scope: scope)
        case "top_level_code_decl":
            var inner = scope
            inner.context = .topLevel
            inner.topLevelCode = true
            walkChildren(node, scope: inner)
        case "unresolved_dot_expr":
            if let (base, field) = Self.typeMember(node) {
                if field == "init" { place(.construction(type: base), scope: scope) }
                else { place(.member(base: base, member: field), scope: scope) }
            } else {
                walkChildren(node, scope: scope)
            }
        case "call_expr":
            if let fn = node["fn"] as? [String: Any], fn["_kind"] as? String == "unresolved_dot_expr",
               let field = fn["field"] as? String, TokenTools.unseededRandomCalls.contains(field),
               ((node["args"] as? [String: Any])?["args"] as? [Any] ?? []).isEmpty {
                place(.member(base: "", member: field), scope: scope)
                if let base = fn["base"] { walkAny(base, scope: scope) }
            } else if let fn = node["fn"] as? [String: Any], fn["_kind"] as? String == "unresolved_dot_expr",
                      let field = fn["field"] as? String, TokenTools.scheduledWaitCalls.contains(field),
                      let base = fn["base"] as? [String: Any], Self.platformQueue(base) != nil {
                place(.member(base: "", member: field), scope: scope)
                walkChildren(node, scope: scope)
            } else if let fn = node["fn"] as? [String: Any], fn["_kind"] as? String == "unresolved_decl_ref_expr",
               let name = fn["name"] as? String, name.first?.isUppercase == true {
                place(.construction(type: name), scope: scope)
                if let args = node["args"] { walkAny(args, scope: scope) }
            } else if let fn = node["fn"] as? [String: Any], fn["_kind"] as? String == "unresolved_specialize_expr",
                      let type = Self.specializedType(fn) {
                // `Cache<Value>(...)`, `Store.Box<Int>(...)`: a construction with explicit generic arguments.
                place(.construction(type: type), scope: scope)
                if let args = node["args"] { walkAny(args, scope: scope) }
            } else {
                walkChildren(node, scope: scope)
            }
        case "unresolved_decl_ref_expr":
            if let name = node["name"] as? String, let first = name.first, first.isLowercase || first == "_" {
                place(.name(name), scope: scope)
            }
        default:
            walkChildren(node, scope: scope)
        }
    }

    mutating func walkChildren(_ node: [String: Any], scope: Scope) {
        var children: [(Int, Any)] = []
        for (key, value) in node where !Self.skippedKeys.contains(key) && (value is [String: Any] || value is [Any]) {
            children.append((Self.order(key), value))
        }
        if children.count > 1 { children.sort { $0.0 < $1.0 } }
        for (_, value) in children { walkAny(value, scope: scope) }
    }

    /// Children in source order where it matters: what comes first in the code comes first here.
    static func order(_ key: String) -> Int { orderOfKeys[key] ?? 20 }
    static let orderOfKeys: [String: Int] = ["attrs": 0, "params": 1, "pattern_entries": 2, "original_init": 3, "conditions": 4, "base": 5, "fn": 6, "sub_expr": 7, "args": 8, "elements": 9, "then_stmt": 10, "else_stmt": 11, "body": 12, "accessors": 13, "members": 14]

    /// The names in a written type (`Cache<Int>` gives `Cache`, `Int`), in order.
    static func typeIdentifiers(_ value: Any) -> [String] {
        var names: [String] = []
        func visit(_ value: Any) {
            if let node = value as? [String: Any] {
                if let id = node["id"] as? String, !names.contains(id) { names.append(id) }
                for (key, child) in node where key != "range" { visit(child) }
            } else if let items = value as? [Any] {
                for item in items { visit(item) }
            }
        }
        visit(value)
        return names
    }

    /// The type named by `Cache<Value>` or `Store.Box<Int>` (an `unresolved_specialize_expr`), if capitalized.
    static func specializedType(_ node: [String: Any]) -> String? {
        guard let sub = node["sub_expr"] as? [String: Any] else { return nil }
        switch sub["_kind"] as? String {
        case "unresolved_decl_ref_expr":
            guard let name = sub["name"] as? String, name.first?.isUppercase == true else { return nil }
            return name
        case "unresolved_dot_expr":
            guard let (base, field) = typeMember(sub), field.first?.isUppercase == true else { return nil }
            return base + "." + field
        default:
            return nil
        }
    }

    /// `V8Engine.shared` → ("V8Engine", "shared"); `Foo.Bar.default` → ("Foo.Bar", "default").
    static func typeMember(_ node: [String: Any]) -> (String, String)? {
        guard let field = node["field"] as? String, let base = node["base"] as? [String: Any],
              let first = field.first, first.isLowercase || first == "_"
        else { return nil }
        guard let path = typePath(base) else { return nil }
        return (path, field)
    }

    static func platformQueue(_ node: [String: Any]) -> String? {
        var current = node
        while true {
            if current["_kind"] as? String == "call_expr", let fn = current["fn"] as? [String: Any] { current = fn; continue }
            guard current["_kind"] as? String == "unresolved_dot_expr", let base = current["base"] as? [String: Any] else { return nil }
            if let path = typePath(base) { return TokenTools.platformQueues.contains(path) ? path : nil }
            current = base
        }
    }

    static func typePath(_ node: [String: Any]) -> String? {
        switch node["_kind"] as? String {
        case "unresolved_decl_ref_expr":
            guard let name = node["name"] as? String, name.first?.isUppercase == true, name != "Self" else { return nil }
            return name
        case "unresolved_dot_expr":
            guard let field = node["field"] as? String, field.first?.isUppercase == true,
                  let base = node["base"] as? [String: Any], let path = typePath(base) else { return nil }
            return path + "." + field
        default:
            return nil
        }
    }

    mutating func walkType(_ node: [String: Any], kind: TypeKind, scope: Scope) {
        let simple = kind == .extension ? (node["extended_type"] as? String ?? "?") : (Self.name(node) ?? "?")
        let qualified = kind == .extension || scope.owner == nil ? simple : "\(scope.owner!).\(simple)"
        let start = Self.range(node)?.lowerBound ?? 0
        var inherits: [String] = []
        var entryPoint = false
        if let keyword = tokenIndex(at: start) {
            var nameIndex = keyword + 1
            while nameIndex + 2 < tokens.count, tokens[nameIndex + 1].is("."), tokens[nameIndex + 2].isIdentifier { nameIndex += 2 }
            inherits = TokenTools.inheritance(tokens, after: nameIndex).names
            entryPoint = tokens[max(0, keyword - 6)..<keyword].contains { $0.text == "main" }
        }
        if let attrs = node["attrs"] as? [[String: Any]], attrs.contains(where: { ($0["_kind"] as? String)?.contains("main") == true }) {
            entryPoint = true
        }
        model.types.append(TypeDeclaration(name: qualified, kind: kind, inherits: inherits, file: file, line: lines.line(of: start), isEntryPoint: entryPoint))
        let inner = Scope(owner: qualified, member: nil, isStatic: false, context: .body, window: scope.window)
        walkArray(node["members"] as? [Any] ?? [], scope: inner)
    }

    mutating func walkFunction(_ node: [String: Any], kind: String, scope: Scope) {
        let isStatic = node["static"] as? Bool ?? false
        let name: String
        switch kind {
        case "constructor_decl": name = "init"
        case "destructor_decl": name = "deinit"
        case "subscript_decl": name = "subscript"
        default: name = Self.name(node) ?? ((node["name"] as? [String: Any])?["base_name"] as? [String: Any])?["special"] as? String ?? "?"
        }
        let declaresMember = scope.member == nil
        let paramsNode = node["params"] as? [String: Any] ?? (node["indices"] as? [String: Any]) ?? [:]
        var parameters: [Parameter] = []
        if let range = Self.range(paramsNode), let open = tokenIndex(at: range.lowerBound), tokens[open].is("(") {
            parameters = TokenTools.parameters(tokens, open: open, close: TokenTools.matchingClose(tokens, open)).0
        }
        let start = Self.range(node)?.lowerBound ?? scope.window.lowerBound
        let convenience = kind == "constructor_decl" && node["designated"] as? Bool != true
        if declaresMember {
            var member = MemberDeclaration(
                owner: scope.owner, name: name, kind: kind == "constructor_decl" ? .initializer : .method, isStatic: isStatic,
                isMutable: false, isComputed: false, typeNames: [], initialValueCall: nil, parameters: parameters,
                file: file, line: lines.line(of: start))
            member.isConvenience = convenience
            if let result = node["result"] { member.resultTypeNames = Self.typeIdentifiers(result).filter { $0.first?.isUppercase == true } }
            model.members.append(member)
        }
        var inner = scope
        if declaresMember {
            inner.member = name
            inner.isStatic = isStatic
            inner.context = .body
            inner.convenience = convenience
        }
        if let params = paramsNode["params"] as? [[String: Any]] {
            var defaults = inner
            defaults.context = .defaultArgument
            if let range = Self.range(paramsNode) { defaults.window = range }
            let withDefaults = parameters.filter(\.hasDefault)
            for (index, parameter) in params.filter({ $0["expression"] is [String: Any] }).enumerated() {
                let expression = parameter["expression"] as! [String: Any]
                // `engine: Engine = .shared`: the implicit member is the parameter type's.
                if expression["_kind"] as? String == "unresolved_member_expr", let member = expression["name"] as? String,
                   member.first?.isLowercase == true, member != "init", index < withDefaults.count, let type = withDefaults[index].implicitMemberType {
                    place(.member(base: type, member: member), scope: defaults, implicitMember: true)
                }
                walk(expression, scope: defaults)
            }
        }
        if let attrs = node["attrs"] { walkAny(attrs, scope: scope) }
        if let body = node["body"] as? [String: Any] { walk(body, scope: inner) }
    }

    mutating func walkBinding(_ node: [String: Any], isStatic: Bool, scope: Scope) {
        for entry in node["pattern_entries"] as? [[String: Any]] ?? [] {
            guard let value = entry["original_init"] as? [String: Any] else { continue }
            var inner = scope
            if let range = Self.range(node) { inner.window = range.lowerBound...Int.max }
            if scope.member == nil {
                inner.member = Self.patternName(entry["pattern"] as? [String: Any] ?? [:])
                inner.isStatic = isStatic
                inner.context = scope.owner == nil && scope.topLevelCode ? .topLevel : .initialValue
            }
            walk(value, scope: inner)
        }
    }

    static func patternName(_ pattern: [String: Any]) -> String? {
        if let name = name(pattern) { return name }
        if let sub = pattern["sub_pattern"] as? [String: Any] { return patternName(sub) }
        return nil
    }

    mutating func walkVariable(_ node: [String: Any], scope: Scope) {
        guard let name = Self.name(node) else { return }
        let isStatic = node["static"] as? Bool ?? false
        let start = Self.range(node)?.lowerBound ?? 0
        var accessorsWindow = scope.window
        if scope.member == nil {
            var shape: (typeNames: [String], initialCall: String?, initialValue: Range<Int>?, accessors: Int?) = ([], nil, nil, nil)
            var declaredAsSelf = false
            if let nameIndex = tokenIndex(at: start), tokens[nameIndex].text == name {
                shape = TokenTools.propertyShape(tokens, nameIndex: nameIndex)
                declaredAsSelf = TokenTools.declaredAsSelf(tokens, nameIndex: nameIndex)
                if let brace = shape.accessors {
                    accessorsWindow = tokens[brace].offset...tokens[TokenTools.matchingClose(tokens, brace)].offset
                }
            }
            let accessors = node["accessors"] as? [Any] ?? []
            var member = MemberDeclaration(
                owner: scope.owner, name: name, kind: .property, isStatic: isStatic || scope.owner == nil,
                isMutable: node["let"] as? Bool != true, isComputed: !accessors.isEmpty && shape.initialValue == nil,
                typeNames: shape.typeNames, initialValueCall: shape.initialCall, parameters: [],
                file: file, line: lines.line(of: start))
            member.declaredAsSelf = declaredAsSelf
            model.members.append(member)
        }
        if let attrs = node["attrs"] as? [Any] {
            var inner = scope
            inner.context = .attribute
            for case let attr as [String: Any] in attrs where attr["_kind"] as? String == "custom_attr" {
                if let range = Self.range(attr) { inner.window = range.lowerBound...start }
                walkChildren(attr, scope: inner)
            }
        }
        for case let accessor as [String: Any] in node["accessors"] as? [Any] ?? [] {
            var inner = scope
            inner.window = accessorsWindow
            if scope.member == nil {
                inner.member = name
                inner.isStatic = isStatic
                inner.context = scope.owner == nil && scope.topLevelCode ? .topLevel : .body
            }
            if let body = accessor["body"] as? [String: Any] { walk(body, scope: inner) }
        }
    }

    /// Records a reference at the first unclaimed matching token in the scope's window.
    mutating func place(_ shape: CodeReference.Shape, scope: Scope, implicitMember: Bool = false) {
        let window = scope.window
        let first: String
        switch shape {
        case .member(let base, let member): first = base.isEmpty || implicitMember ? member : String(base.split(separator: ".").first ?? Substring(base))
        case .construction(let type): first = String(type.split(separator: ".").first ?? Substring(type))
        case .name(let name): first = name
        }
        let candidates = byText[first] ?? []
        var low = 0, high = candidates.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[candidates[middle]].offset < window.lowerBound { low = middle + 1 } else { high = middle }
        }
        var found: Int?
        var k = low
        while k < candidates.count, tokens[candidates[k]].offset <= window.upperBound {
            if !used.contains(candidates[k]) && (implicitMember ? isImplicitMember(at: candidates[k]) : matches(shape, at: candidates[k])) { found = candidates[k]; break }
            k += 1
        }
        if found == nil && !implicitMember {
            found = candidates.first { !used.contains($0) && matches(shape, at: $0) }
        }
        // No written token left for it: an expression the parser repeats (not a second use).
        guard let found else { return }
        used.insert(found)
        let offset = tokens[found].offset
        model.references.append(CodeReference(
            shape: shape, owner: scope.owner, member: scope.member, memberIsStatic: scope.isStatic,
            context: scope.context, file: file, offset: offset, line: lines.line(of: offset),
            withoutArguments: TokenTools.callWithoutArguments(tokens, at: found),
            firstArgumentLabel: TokenTools.firstArgumentLabel(tokens, at: found), inConvenienceInit: scope.convenience,
            isTemporary: TokenTools.isTemporary(tokens, at: found),
            handedArguments: { if case .construction = shape { return TokenTools.handedArguments(tokens, at: found) } else { return nil } }(),
            addressTaken: found > 0 && tokens[found - 1].is("&")))
    }

    /// `.shared` with nothing written before the dot.
    func isImplicitMember(at index: Int) -> Bool {
        guard index >= 2, tokens[index - 1].is(".") else { return false }
        let before = tokens[index - 2]
        return !(before.isIdentifier || before.is(")") || before.is("]") || before.is("?") || before.is("!"))
    }

    func matches(_ shape: CodeReference.Shape, at index: Int) -> Bool {
        if case .member(let base, let member) = shape, base.isEmpty {
            return index > 0 && tokens[index - 1].is(".") && tokens[index].text == member
        }
        if index > 0, tokens[index - 1].is(".") { return false }
        func sequence(_ parts: [String]) -> Int? {
            var k = index
            for (n, part) in parts.enumerated() {
                if n > 0 { guard k < tokens.count, tokens[k].is(".") else { return nil }; k += 1 }
                guard k < tokens.count, tokens[k].isIdentifier, tokens[k].text == part else { return nil }
                k += 1
            }
            return k
        }
        switch shape {
        case .member(let base, let member):
            return sequence(base.split(separator: ".").map(String.init) + [member]) != nil
        case .construction(let type):
            let parts = type.split(separator: ".").map(String.init)
            if let after = sequence(parts), after < tokens.count, tokens[after].is("(") { return true }
            if let after = sequence(parts), after < tokens.count, tokens[after].text.hasPrefix("<"),
               let close = TokenTools.afterGenericArguments(tokens, after), close < tokens.count, tokens[close].is("(") { return true }
            return sequence(parts + ["init"]) != nil
        case .name(let name):
            guard tokens[index].isIdentifier, tokens[index].text == name else { return false }
            if index > 0, tokens[index - 1].isIdentifier, ["let", "var", "func", "case"].contains(tokens[index - 1].text) { return false }
            return !(index + 1 < tokens.count && tokens[index + 1].is(":"))
        }
    }
}
