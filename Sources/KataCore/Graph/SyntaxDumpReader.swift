import Foundation

/// Reads Swift files through the compiler's own parser:
/// `swiftc -dump-parse -dump-ast-format json`, run by the injected process runner.
///
/// The parse dump gives declarations with byte ranges and every expression, so
/// comments, strings, multi-line expressions, nested types, extensions and
/// default arguments are told apart by the compiler itself. Expressions carry no
/// ranges of their own: each is placed on the first unclaimed matching token
/// inside the smallest declaration or block around it. The 6.3 dump leaves out
/// `#if` blocks; the token reader reads those.
public struct SyntaxDumpReader: Sendable {
    public let swiftc: String
    public let processRunner: any ProcessRunning
    public let fileSystem: any FileSystem
    public let environment: [String: String]

    public init(swiftc: String, processRunner: any ProcessRunning, fileSystem: any FileSystem, environment: [String: String]) {
        self.swiftc = swiftc
        self.fileSystem = fileSystem
        self.processRunner = processRunner
        self.environment = environment
    }

    public struct Unavailable: Error, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    /// The dumps of `paths`, by path; a file the compiler could not dump is missing.
    public func dumps(of paths: [String]) throws -> [String: [String: Any]] {
        // The frontend writes the dump to standard error (to standard output on some
        // toolchains): both go to a file, and only `{"_kind":"source_file"...}` objects are read from it.
        let script = "exec \"$0\" -dump-parse -dump-ast-format json \"$@\" > \"$KATA_DUMP_FILE\" 2>&1"
        let dumpFile = (environment["TMPDIR"] ?? "/tmp") + "/kata-dump-\(UInt64.random(in: 0...UInt64.max)).json"
        var childEnvironment = environment
        childEnvironment["KATA_DUMP_FILE"] = dumpFile
        defer { try? fileSystem.remove(dumpFile) }
        let result = processRunner.run(ProcessRequest(
            executable: "/bin/sh", arguments: ["-c", script, swiftc] + paths,
            environment: childEnvironment, timeout: 120, outputLimit: 64 * 1024))
        if case .killed(let why) = result.termination {
            throw Unavailable(reason: "the compiler's syntax dump was stopped (\(why))")
        }
        let output = (try? fileSystem.readText(dumpFile)) ?? ""
        let objects = Self.splitObjects(output)
        guard !objects.isEmpty else {
            throw Unavailable(reason: "this compiler gives no JSON syntax dump (swiftc -dump-parse -dump-ast-format json printed none; it needs Swift 6.2 or later)")
        }
        var dumps: [String: [String: Any]] = [:]
        for object in objects {
            guard let value = try? JSONSerialization.jsonObject(with: Data(object.utf8)) as? [String: Any],
                  let filename = value["filename"] as? String, value["items"] is [Any] || value["items"] == nil
            else {
                throw Unavailable(reason: "the compiler's syntax dump is not in the JSON format kata reads (it may have changed in this compiler version)")
            }
            dumps[filename] = value
        }
        return dumps
    }

    /// The `{"_kind":"source_file",...}` objects in the text, in order; compiler messages around them are skipped.
    static func splitObjects(_ text: String) -> [String] {
        var objects: [String] = []
        let bytes = Array(text.utf8)
        let marker = Array(#"{"_kind":"source_file""#.utf8)
        var index = 0
        search: while index + marker.count <= bytes.count {
            guard bytes[index] == 123, Array(bytes[index..<(index + marker.count)]) == marker else { index += 1; continue }
            let begin = index
            var depth = 0
            var inString = false
            var escaped = false
            while index < bytes.count {
                let byte = bytes[index]
                if inString {
                    if escaped { escaped = false } else if byte == 92 { escaped = true } else if byte == 34 { inString = false }
                } else if byte == 34 {
                    inString = true
                } else if byte == 123 {
                    depth += 1
                } else if byte == 125 {
                    depth -= 1
                    if depth == 0 {
                        objects.append(String(decoding: bytes[begin...index], as: UTF8.self))
                        index += 1
                        continue search
                    }
                }
                index += 1
            }
        }
        return objects
    }

    /// The model of one file from its dump.
    public static func model(dump: [String: Any], file: String, text: String) -> CodeModel {
        var walker = DumpWalker(file: file, text: text)
        walker.walkArray(dump["items"] as? [Any] ?? [], scope: .init(owner: nil, member: nil, isStatic: false, context: .topLevel, window: 0...Int.max))
        return walker.model
    }
}

private struct DumpWalker {
    let file: String
    let tokens: [SwiftToken]
    let lines: LineIndex
    var model = CodeModel()
    var used: Set<Int> = []

    struct Scope {
        var owner: String?
        var member: String?
        var isStatic: Bool
        var context: ReferenceContext
        /// Byte offsets of the smallest ranged node around: where expressions are looked for.
        var window: ClosedRange<Int>
    }

    init(file: String, text: String) {
        self.file = file
        self.tokens = SwiftLexer.tokens(of: text)
        self.lines = LineIndex(text)
    }

    static let typeKinds: [String: TypeKind] = [
        "class_decl": .class, "struct_decl": .struct, "enum_decl": .enum, "protocol": .protocol,
        "protocol_decl": .protocol, "extension_decl": .extension, "actor_decl": .actor,
    ]
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
        if node["implicit"] as? Bool == true && kind != "tap_expr" && kind != "brace_stmt" && kind != "call_expr" { return }

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
            walkChildren(node, scope: inner)
        case "unresolved_dot_expr":
            if let (base, field) = Self.typeMember(node) {
                if field == "init" { place(.construction(type: base), scope: scope) }
                else { place(.member(base: base, member: field), scope: scope) }
            } else {
                walkChildren(node, scope: scope)
            }
        case "call_expr":
            if let fn = node["fn"] as? [String: Any], fn["_kind"] as? String == "unresolved_decl_ref_expr",
               let name = fn["name"] as? String, name.first?.isUppercase == true {
                place(.construction(type: name), scope: scope)
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
        for key in node.keys.sorted(by: { Self.order($0) < Self.order($1) }) where !Self.skippedKeys.contains(key) {
            let value = node[key]!
            if value is [String: Any] || value is [Any] { walkAny(value, scope: scope) }
        }
    }

    /// Children in source order where it matters: what comes first in the code comes first here.
    static func order(_ key: String) -> Int {
        ["attrs": 0, "params": 1, "pattern_entries": 2, "original_init": 3, "conditions": 4, "base": 5, "fn": 6, "sub_expr": 7, "args": 8, "elements": 9, "then_stmt": 10, "else_stmt": 11, "body": 12, "accessors": 13, "members": 14][key] ?? 20
    }

    /// `V8Engine.shared` → ("V8Engine", "shared"); `Foo.Bar.default` → ("Foo.Bar", "default").
    static func typeMember(_ node: [String: Any]) -> (String, String)? {
        guard let field = node["field"] as? String, let base = node["base"] as? [String: Any],
              let first = field.first, first.isLowercase || first == "_"
        else { return nil }
        guard let path = typePath(base) else { return nil }
        return (path, field)
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
        if declaresMember {
            model.members.append(MemberDeclaration(
                owner: scope.owner, name: name, kind: kind == "constructor_decl" ? .initializer : .method, isStatic: isStatic,
                isMutable: false, isComputed: false, typeNames: [], initialValueCall: nil, parameters: parameters,
                file: file, line: lines.line(of: start)))
        }
        var inner = scope
        if declaresMember {
            inner.member = name
            inner.isStatic = isStatic
            inner.context = .body
        }
        if let params = paramsNode["params"] as? [[String: Any]] {
            var defaults = inner
            defaults.context = .defaultArgument
            if let range = Self.range(paramsNode) { defaults.window = range }
            for parameter in params {
                if let expression = parameter["expression"] as? [String: Any] { walk(expression, scope: defaults) }
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
                inner.context = scope.owner == nil ? .topLevel : .initialValue
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
            if let nameIndex = tokenIndex(at: start), tokens[nameIndex].text == name {
                shape = TokenTools.propertyShape(tokens, nameIndex: nameIndex)
                if let brace = shape.accessors {
                    accessorsWindow = tokens[brace].offset...tokens[TokenTools.matchingClose(tokens, brace)].offset
                }
            }
            let accessors = node["accessors"] as? [Any] ?? []
            model.members.append(MemberDeclaration(
                owner: scope.owner, name: name, kind: .property, isStatic: isStatic || scope.owner == nil,
                isMutable: node["let"] as? Bool != true, isComputed: !accessors.isEmpty && shape.initialValue == nil,
                typeNames: shape.typeNames, initialValueCall: shape.initialCall, parameters: [],
                file: file, line: lines.line(of: start)))
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
                inner.context = scope.owner == nil ? .topLevel : .body
            }
            if let body = accessor["body"] as? [String: Any] { walk(body, scope: inner) }
        }
    }

    /// Records a reference at the first unclaimed matching token in the scope's window.
    mutating func place(_ shape: CodeReference.Shape, scope: Scope) {
        let window = scope.window
        var found: Int?
        if let first = tokenIndex(at: window.lowerBound) {
            var index = first
            while index < tokens.count, tokens[index].offset <= window.upperBound {
                if !used.contains(index) && matches(shape, at: index) { found = index; break }
                index += 1
            }
        }
        if found == nil {
            found = tokens.indices.first { !used.contains($0) && matches(shape, at: $0) }
        }
        let offset = found.map { tokens[$0].offset } ?? window.lowerBound
        if let found { used.insert(found) }
        model.references.append(CodeReference(
            shape: shape, owner: scope.owner, member: scope.member, memberIsStatic: scope.isStatic,
            context: scope.context, file: file, offset: offset, line: lines.line(of: offset),
            withoutArguments: found.map { TokenTools.callWithoutArguments(tokens, at: $0) } ?? false))
    }

    func matches(_ shape: CodeReference.Shape, at index: Int) -> Bool {
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
            return sequence(parts + ["init"]) != nil
        case .name(let name):
            guard tokens[index].isIdentifier, tokens[index].text == name else { return false }
            return !(index + 1 < tokens.count && tokens[index + 1].is(":"))
        }
    }
}
