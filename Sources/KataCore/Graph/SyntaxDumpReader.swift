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

    /// What came of dumping a list of files.
    public struct Outcome: Sendable {
        /// Files the compiler gave no usable dump of, with the reason, in the order given.
        public var failures: [(path: String, reason: String)] = []
        /// How many compiler processes ran.
        public var runs = 0
    }

    /// Most source bytes handed to one compiler process: the dump of a batch is
    /// read, parsed and let go one file at a time, so memory follows the largest file.
    public var batchBytes = 150_000
    public var batchFiles = 32
    /// Dump the next batches in processes of their own while this one is read.
    public var overlapsDumps = true
    /// How many batches are dumped ahead of the one being read: two compiler processes and
    /// the reading keep both cores busy (the reading of a batch takes less than its dump).
    public var dumpsAhead = 2

    /// A batch's dump under way on another thread.
    final class Prefetch: @unchecked Sendable {
        let batch: [String]
        private let done = DispatchSemaphore(value: 0)
        private var result: Result<Run, Error>?

        init(batch: [String], _ work: @escaping @Sendable () throws -> Run) {
            self.batch = batch
            Thread.detachNewThread { [self] in
                self.result = Result { try work() }
                self.done.signal()
            }
        }

        /// Waits for the dump (later calls return at once).
        @discardableResult
        func wait() throws -> Run {
            done.wait()
            done.signal()
            return try result!.get()
        }
    }

    /// The dumps of `paths`, as one call of `handle` per file (and never two
    /// dumps held at once). A file the compiler cannot dump does not stop the others:
    /// files with the same name go in different batches, a batch the compiler stops
    /// early is resumed after the last file it dumped, and a file whose dump is not
    /// valid JSON is dumped again alone. What is left ends up in `failures`.
    /// `handle` gets the path, the dump, and whether the dump had to be repaired (some
    /// containers closed in the wrong order): a repaired dump may miss part of the file.
    func dumps(of paths: [String], sizes: [String: Int] = [:], handle: (String, DumpTree, Bool) -> Void) throws -> Outcome {
        var outcome = Outcome()
        // The frontend takes two files of the same name; the driver refuses them in one run.
        var pending = Self.batches(paths, sizes: sizes, maxBytes: batchBytes, maxFiles: batchFiles, uniqueNames: frontend == nil)
        var sawAnyDump = false
        var retriedAlone: Set<String> = []
        var missedOnce: Set<String> = []
        // The next batches are dumped while this one is read: the compiler on both cores, kata reading
        // in between. `prefetched[i]` is the dump of `pending[i]` under way, in order.
        var prefetched: [Prefetch] = []
        defer { for dump in prefetched { _ = try? dump.wait() } }
        while !pending.isEmpty {
            let batch = pending.removeFirst()
            var current: Prefetch?
            if let ready = prefetched.first, ready.batch == batch {
                current = prefetched.removeFirst()
            } else {
                // Batches went back in front of them (a batch split or resumed): their dumps wait their turn again.
                for stale in prefetched { _ = try? stale.wait() }
                prefetched = []
            }
            func dumpAhead(_ count: Int) {
                guard overlapsDumps else { return }
                let reader = self
                while prefetched.count < min(count, pending.count) {
                    let next = pending[prefetched.count]
                    prefetched.append(Prefetch(batch: next) { try reader.runDump(next) })
                }
            }
            // While this batch is dumped (here, at the start) or waited for, the next one is dumped too: two
            // compilers at once. While it is read, `dumpsAhead` of them.
            dumpAhead(max(1, dumpsAhead) - 1)
            let run = try current?.wait() ?? runDump(batch)
            dumpAhead(max(1, dumpsAhead))
            outcome.runs += 1
            // Where each file's dump is; each is decoded when its turn comes, and let go after.
            var byFile: [String: Range<Int>] = [:]
            for chunk in Self.objectRanges(run.output) {
                guard let filename = Self.filename(in: run.output, at: chunk) else { continue }
                byFile[filename] = chunk
            }
            let bytes = run.output
            if byFile.isEmpty && !sawAnyDump && outcome.runs >= 2 || byFile.isEmpty && !sawAnyDump && batch.count == 1 && paths.count == 1 {
                // Nothing from two runs in a row, the second of one file: this compiler gives no dump at all.
                let message = Self.compilerMessage(run.output)
                throw Unavailable(reason: message.isEmpty || !message.contains("error")
                    ? "this compiler gives no JSON syntax dump (swiftc -dump-parse -dump-ast-format json printed none; it needs Swift 6.2 or later)"
                    : "the compiler gave no JSON syntax dump (\(message))")
            }
            if !byFile.isEmpty { sawAnyDump = true }
            if byFile.isEmpty {
                if batch.count == 1 {
                    let message = Self.compilerMessage(run.output)
                    outcome.failures.append((batch[0], message.isEmpty ? "the compiler gave no syntax dump of it" : "the compiler gave no syntax dump of it: \(message)"))
                } else if !sawAnyDump && outcome.runs == 1 {
                    // Try the first file alone: it tells a compiler with no dump from a bad batch.
                    pending.insert(contentsOf: [[batch[0]], Array(batch.dropFirst())], at: 0)
                } else {
                    let half = batch.count / 2
                    pending.insert(contentsOf: [Array(batch[..<half]), Array(batch[half...])], at: 0)
                }
                continue
            }
            var missing: [String] = []
            for path in batch {
                if let chunk = byFile[path] {
                    if let entry = Self.parseObject(bytes, chunk) {
                        handle(path, entry.tree, entry.repaired)
                    } else if batch.count > 1 && !retriedAlone.contains(path) {
                        retriedAlone.insert(path)
                        pending.append([path])
                    } else {
                        outcome.failures.append((path, "the compiler's syntax dump of it is not valid JSON"))
                    }
                } else if missedOnce.contains(path) {
                    let message = Self.compilerMessage(run.output)
                    outcome.failures.append((path, message.isEmpty ? "the compiler left it out of its syntax dump" : "the compiler left it out of its syntax dump: \(message)"))
                } else {
                    // The driver stops after a file it cannot parse: the rest go on in a batch of their own.
                    missedOnce.insert(path)
                    missing.append(path)
                }
            }
            if !missing.isEmpty { pending.insert(missing, at: 0) }
        }
        return outcome
    }

    /// Batches of files with no two of the same name (the compiler refuses those), each
    /// under `maxBytes` of source and `maxFiles` files, in the order given.
    static func batches(_ paths: [String], sizes: [String: Int], maxBytes: Int, maxFiles: Int, uniqueNames: Bool = true) -> [[String]] {
        var batches: [[String]] = []
        var names: [Set<String>] = []
        var bytes: [Int] = []
        var open: [Int] = []  // batches still taking files
        for path in paths {
            let name = uniqueNames ? (path as NSString).lastPathComponent : path
            let size = sizes[path] ?? 0
            var chosen: Int?
            for index in open where !names[index].contains(name) && (bytes[index] + size <= maxBytes || batches[index].isEmpty) {
                chosen = index; break
            }
            if chosen == nil {
                batches.append([]); names.append([]); bytes.append(0); open.append(batches.count - 1)
                chosen = batches.count - 1
            }
            let index = chosen!
            batches[index].append(path); names[index].insert(name); bytes[index] += size
            if batches[index].count >= maxFiles || bytes[index] >= maxBytes { open.removeAll { $0 == index } }
            // A name seen in every open batch opens a new one next time: keep few open.
            if open.count > 8 { open.removeFirst() }
        }
        return batches
    }

    /// The dump file's bytes (the `Data` read is let go at once: a large file's dump is held once).
    struct Run { var output: [UInt8] }

    /// The compiler's frontend beside `swiftc`: one process parses a whole batch (the
    /// driver starts one frontend per file), goes on after a file it cannot parse, and
    /// takes two files of the same name.
    var frontend: String? {
        let folder = (swiftc as NSString).deletingLastPathComponent
        let candidate = folder + "/swift-frontend"
        return fileSystem.isFile(candidate) ? candidate : nil
    }

    func runDump(_ paths: [String]) throws -> Run {
        // The frontend writes the dump to standard error (to standard output on some
        // toolchains): both go to a file, and only `{"_kind":"source_file"...}` objects are read from it.
        if let frontend {
            let script = "exec \"$0\" -frontend -dump-parse -dump-ast-format json \"$@\" > \"$KATA_DUMP_FILE\" 2>&1"
            return try runScript(script, executable: frontend, arguments: paths.flatMap { ["-primary-file", $0] })
        }
        let script = "exec \"$0\" -dump-parse -dump-ast-format json \"$@\" > \"$KATA_DUMP_FILE\" 2>&1"
        return try runScript(script, executable: swiftc, arguments: paths)
    }

    func runScript(_ script: String, executable: String, arguments: [String]) throws -> Run {
        let dumpFile = (environment["TMPDIR"] ?? "/tmp") + "/kata-dump-\(UInt64.random(in: 0...UInt64.max)).json"
        var childEnvironment = environment
        childEnvironment["KATA_DUMP_FILE"] = dumpFile
        defer { try? fileSystem.remove(dumpFile) }
        let result = processRunner.run(ProcessRequest(
            executable: "/bin/sh", arguments: ["-c", script, executable] + arguments,
            environment: childEnvironment, timeout: 120, outputLimit: 64 * 1024))
        if case .killed(let why) = result.termination {
            throw Unavailable(reason: "the compiler's syntax dump was stopped (\(why))")
        }
        return Run(output: [UInt8]((try? fileSystem.read(dumpFile)) ?? Data()))
    }

    static let marker = Array(#"{"_kind":"source_file""#.utf8)

    /// Where each `{"_kind":"source_file",...}` object starts, up to the next one (or the end).
    static func objectRanges(_ data: Data) -> [Range<Int>] { objectRanges([UInt8](data)) }

    static func objectRanges(_ data: [UInt8]) -> [Range<Int>] {
        var starts: [Int] = []
        // Boyer-Moore-Horspool: most bytes of the dump are stepped over, not compared.
        let length = marker.count
        data.withUnsafeBufferPointer { bytes in
            let count = bytes.count
            var index = 0
            while index + length <= count {
                var k = length - 1
                while k >= 0 && bytes[index + k] == marker[k] { k -= 1 }
                if k < 0 {
                    starts.append(index)
                    index += length
                } else {
                    index += markerSkips[Int(bytes[index + length - 1])]
                }
            }
        }
        return starts.enumerated().map { i, start in start..<(i + 1 < starts.count ? starts[i + 1] : data.count) }
    }

    /// How far the marker can move when the byte under its last one is this byte.
    static let markerSkips: [Int] = {
        var skips = [Int](repeating: marker.count, count: 256)
        for (index, byte) in marker.dropLast().enumerated() { skips[Int(byte)] = marker.count - 1 - index }
        return skips
    }()

    /// The `"filename"` right after the marker.
    static func filename(in data: [UInt8], at range: Range<Int>) -> String? {
        let head = data[range.lowerBound..<min(range.upperBound, range.lowerBound + 8192)]
        let text = String(decoding: head, as: UTF8.self)
        guard let key = text.range(of: #""filename":""#) else { return nil }
        var result = ""
        var escaped = false
        for character in text[key.upperBound...] {
            if escaped { result.append(character); escaped = false; continue }
            if character == "\\" { escaped = true; continue }
            if character == "\"" { return result }
            result.append(character)
        }
        return nil
    }

    /// The object in `range`: up to its balanced closing brace, or, when the braces do
    /// not balance (the dump of some files has more openings than closings), up to the
    /// last closing brace before the next object.
    static func parseObject(_ bytes: [UInt8], _ range: Range<Int>) -> (tree: DumpTree, repaired: Bool)? {
        // One pass: an object read from the start of the range ends where its braces balance,
        // unless a value skipped unread has braces that do not balance (then the two passes below).
        // One that cannot be read from the start cannot be read up to its balanced brace either.
        guard let first = DumpTree.parsePrefix(bytes, range) else {
            if let repaired = repairedObject(bytes, range), let tree = DumpTree.parse(repaired) { return (tree, true) }
            return nil
        }
        if first.balanced { return (first.tree, false) }
        let end = bytes.withUnsafeBufferPointer { bytes -> Int? in
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
        if let end, let tree = DumpTree.parse(bytes, range.lowerBound..<end) {
            return (tree, false)
        }
        // Some dumps of swiftc 6.3 leave a container unclosed (a `]` where an object's `}`
        // is due): close what the next closer skips, and what is open at the end.
        if let repaired = repairedObject(bytes, range), let tree = DumpTree.parse(repaired) {
            return (tree, true)
        }
        return nil
    }

    /// The object at `range` with its brackets balanced; nil when nothing needed repair.
    static func repairedObject(_ bytes: [UInt8], _ range: Range<Int>) -> [UInt8]? {
        bytes.withUnsafeBufferPointer { bytes -> [UInt8]? in
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
                        if stack.isEmpty { return repaired ? out : nil }
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
                            if stack.isEmpty { return out }
                            continue
                        }
                    }
                    guard stack.contains(opener) else { continue }  // a closer with nothing to close
                    while let top = stack.last, top != opener {
                        out.append(top == 123 ? 125 : 93); stack.removeLast(); repaired = true
                    }
                    stack.removeLast()
                    out.append(byte)
                    if stack.isEmpty { return repaired ? out : nil }
                default: out.append(byte)
                }
            }
            // The text ended (or the next object began) with containers still open.
            while let top = stack.popLast() {
                if out.last == 44 { out.removeLast() }
                out.append(top == 123 ? 125 : 93)
            }
            return out
        }
    }

    /// The compiler's first error line, for a note.
    static func compilerMessage(_ data: [UInt8]) -> String {
        var text = String(decoding: data.prefix(64 * 1024), as: UTF8.self)
        if let first = objectRanges(data).first, first.lowerBound < text.utf8.count {
            text = String(decoding: data.prefix(first.lowerBound), as: UTF8.self) + String(decoding: data.suffix(from: min(data.count, max(first.lowerBound, data.count - 4096))), as: UTF8.self)
        }
        let lines = text.split(separator: "\n").map(String.init)
        let line = lines.first { $0.contains("error:") } ?? lines.first { !$0.hasPrefix("{") && !$0.isEmpty } ?? ""
        return String(line.trimmingCharacters(in: .whitespaces).prefix(200))
    }

    /// The model of one file from its dump.
    static func model(dump: DumpTree, file: String, text: String) -> CodeModel {
        model(dump: dump, file: file, text: text, tokens: SwiftLexer.tokens(of: text))
    }

    /// The same, with the file's tokens already lexed.
    static func model(dump: DumpTree, file: String, text: String, tokens: [SwiftToken]) -> CodeModel {
        var walker = DumpWalker(tree: dump, file: file, text: text, tokens: tokens)
        if let items = dump.array(dump.root, .items) {
            walker.walkArray(items, scope: .init(owner: nil, member: nil, isStatic: false, context: .topLevel, window: 0...Int.max))
        }
        (walker.model.writtenVariables, walker.model.readVariables) = TokenTools.variableUses(tokens)
        return walker.model
    }
}

private struct DumpWalker {
    typealias Word = DumpTree.Word
    let tree: DumpTree
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

    init(tree: DumpTree, file: String, text: String, tokens: [SwiftToken]) {
        self.tree = tree
        self.file = file
        self.tokens = tokens
        self.lines = LineIndex(text)
        var byText: [String: [Int]] = [:]
        for (index, token) in tokens.enumerated() where token.kind == .identifier { byText[token.text, default: []].append(index) }
        self.byText = byText
    }

    static func symbol(_ word: Word) -> Int32 { Int32(word.rawValue) }

    static func typeKind(_ kind: Int32) -> TypeKind? {
        switch kind {
        case symbol(.class_decl): return .class
        case symbol(.struct_decl): return .struct
        case symbol(.enum_decl): return .enum
        case symbol(.protocol), symbol(.protocol_decl): return .protocol
        case symbol(.extension_decl): return .extension
        case symbol(.actor_decl): return .actor
        default: return nil
        }
    }

    /// Implicit nodes that hold nothing written in the code (a prefix operator's
    /// implicit argument list does: it is walked).
    static let implicitSkipped: Set<Int32> = Set([Word.declref_expr, .parameter, .var_decl, .pattern_binding_decl, .constructor_decl, .func_decl, .accessor_decl, .type_expr, .destructor_decl].map(symbol))
    /// Keys whose values the walk of an unknown node does not go into.
    static let skippedKeys: Set<Word> = [.processed_init, .range, .function_ref, .name, .implicit_self_decl, ._kind, .decl_context, .init_context, .type, .generic_params, .where_requirements, .inherits]
    /// Children in source order where it matters: what comes first in the code comes first here.
    static let orderOfKeys: [Word: Int] = [.attrs: 0, .params: 1, .pattern_entries: 2, .original_init: 3, .conditions: 4, .base: 5, .fn: 6, .sub_expr: 7, .args: 8, .elements: 9, .then_stmt: 10, .else_stmt: 11, .body: 12, .accessors: 13, .members: 14]
    /// By key symbol: the order of its value among a node's children (20 for keys not named), or -1 when skipped.
    static let orderBySymbol: [Int] = DumpTree.Word.allCases.map { skippedKeys.contains($0) ? -1 : orderOfKeys[$0] ?? 20 }

    static func order(_ key: UInt32) -> Int { Int(key) < orderBySymbol.count ? orderBySymbol[Int(key)] : 20 }

    func tokenIndex(at offset: Int) -> Int? {
        var low = 0, high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].offset < offset { low = middle + 1 } else { high = middle }
        }
        return low < tokens.count && tokens[low].offset == offset ? low : (low < tokens.count ? low : nil)
    }

    func range(_ node: Int?) -> ClosedRange<Int>? {
        guard let node, let range = tree.object(node, .range),
              let start = tree.int(range, .start), let end = tree.int(range, .end), start <= end
        else { return nil }
        return start...end
    }

    func declName(_ node: Int?) -> String? {
        guard let node, let name = tree.object(node, .name), let base = tree.object(name, .base_name) else { return nil }
        return tree.string(base, .name)
    }

    /// The objects of an array when every element is one (as `as? [[String: Any]]` had them), else nil.
    func objects(_ array: Int?) -> [Int]? {
        guard let array, tree.isArray(array) else { return nil }
        var result: [Int] = []
        for item in tree.children(array) {
            guard tree.isObject(item) else { return nil }
            result.append(item)
        }
        return result
    }

    mutating func walkArray(_ items: Int, scope: Scope) {
        let end = tree.next(items)
        var index = items + 1
        while index < end {
            if tree.isObject(index) {
                if tree.isKind(index, .pattern_binding_decl) {
                    // `static` is written on the variables that follow the binding.
                    var isStatic = false
                    var k = tree.next(index)
                    while k < end {
                        if tree.isObject(k), tree.isKind(k, .var_decl) { isStatic = tree.bool(k, .static) ?? false; break }
                        k = tree.next(k)
                    }
                    walkBinding(index, isStatic: isStatic, scope: scope)
                } else {
                    walk(index, scope: scope)
                }
            } else {
                walkAny(index, scope: scope)
            }
            index = tree.next(index)
        }
    }

    mutating func walkAny(_ value: Int, scope: Scope) {
        if tree.isObject(value) { walk(value, scope: scope) }
        else if tree.isArray(value) { walkArray(value, scope: scope) }
    }

    mutating func walk(_ node: Int, scope outer: Scope) {
        var scope = outer
        if let range = range(node) { scope.window = range }
        let kind = tree.kind(node)
        if tree.bool(node, .implicit) == true {
            // A `defer` block is an implicit function `$defer`: its body is the code's own.
            if kind == Self.symbol(.func_decl), declName(node) == "$defer" {
                if let body = tree.object(node, .body) { walk(body, scope: scope) }
                return
            }
            if Self.implicitSkipped.contains(kind) { return }
        }

        if var typeKind = Self.typeKind(kind) {
            if tree.bool(node, .actor) == true { typeKind = .actor }
            walkType(node, kind: typeKind, scope: scope)
            return
        }
        switch kind {
        case Self.symbol(.constructor_decl), Self.symbol(.func_decl), Self.symbol(.destructor_decl), Self.symbol(.subscript_decl):
            walkFunction(node, kind: kind, scope: scope)
        case Self.symbol(.var_decl):
            walkVariable(node, scope: scope)
        case Self.symbol(.pattern_binding_decl):
            walkBinding(node, isStatic: false, scope: scope)
        case Self.symbol(.top_level_code_decl):
            var inner = scope
            inner.context = .topLevel
            inner.topLevelCode = true
            walkChildren(node, scope: inner)
        case Self.symbol(.objc_selector_expr):
            // `#selector(app.quit)`: a method's name the compiler checks; nothing is read.
            return
        case Self.symbol(.unresolved_dot_expr):
            if let (base, field) = typeMember(node) {
                if field == "init" { place(.construction(type: base), scope: scope) }
                else { place(.member(base: base, member: field), scope: scope) }
            } else {
                walkChildren(node, scope: scope)
            }
        case Self.symbol(.call_expr):
            let fn = tree.object(node, .fn)
            if let fn, tree.isKind(fn, .unresolved_dot_expr),
               let field = tree.string(fn, .field), TokenTools.unseededRandomCalls.contains(field),
               tree.object(node, .args).flatMap({ tree.array($0, .args) }).map({ tree.next($0) == $0 + 1 }) ?? true {
                place(.member(base: "", member: field), scope: scope)
                if let base = tree.child(fn, .base) { walkAny(base, scope: scope) }
            } else if let fn, tree.isKind(fn, .unresolved_dot_expr), let field = tree.string(fn, .field),
                      TokenTools.fileSystemCalls[field] != nil {
                // `data.write(to: url)`, `url.resourceValues(forKeys:)`: the disk, whatever the value (placed at the call's
                // name, and kept when the written call has the shape of one: its first label, no stream handed `inout`).
                let before = model.references.count
                place(.member(base: "", member: field), scope: scope)
                if model.references.count > before, let at = tokenIndex(at: model.references[before].offset), !TokenTools.isFileSystemCall(tokens, at: at) {
                    model.references.removeLast()
                    used.remove(at)
                }
                walkChildren(node, scope: scope)
            } else if let fn, tree.isKind(fn, .unresolved_dot_expr),
                      let field = tree.string(fn, .field), TokenTools.scheduledWaitCalls.contains(field),
                      let base = tree.object(fn, .base), platformQueue(base) != nil {
                // `DispatchQueue.main.asyncAfter(...)`, `DispatchQueue.global().asyncAfter(...)`: waiting on the real clock
                // (placed at the call's own name, which is all the written tokens have in common).
                place(.member(base: "", member: field), scope: scope)
                walkChildren(node, scope: scope)
            } else if let fn, tree.isKind(fn, .unresolved_member_expr), tree.string(fn, .name) == "init" {
                // `.init(...)`: the type comes from what is written before it (see `TokenTools.implicitInitType`).
                place(.construction(type: ""), scope: scope, implicitMember: true)
                if let args = tree.child(node, .args) { walkAny(args, scope: scope) }
            } else if let fn, tree.isKind(fn, .unresolved_decl_ref_expr),
               let name = tree.string(fn, .name), name.first?.isUppercase == true {
                place(.construction(type: name), scope: scope)
                if let args = tree.child(node, .args) { walkAny(args, scope: scope) }
            } else if let fn, tree.isKind(fn, .unresolved_dot_expr), let type = typePath(fn), type.contains(".") {
                // `Vault.Locker(...)`: a nested type built by its path.
                place(.construction(type: type), scope: scope)
                if let args = tree.child(node, .args) { walkAny(args, scope: scope) }
            } else if let fn, tree.isKind(fn, .unresolved_specialize_expr),
                      let type = specializedType(fn) {
                // `Cache<Value>(...)`, `Store.Box<Int>(...)`: a construction with explicit generic arguments.
                place(.construction(type: type), scope: scope)
                if let args = tree.child(node, .args) { walkAny(args, scope: scope) }
            } else {
                walkChildren(node, scope: scope)
            }
        case Self.symbol(.unresolved_member_expr):
            // `Service(client: .shared)`, `self.pipeline = .shared` in code: the member of the parameter's or the property's
            // type, which the analysis looks up (see `TokenTools.implicitMemberContext`). Defaults and initial values
            // are placed where they are read (`walkFunction`, `walkBinding`).
            if let name = tree.string(node, .name), name != "init", name.first?.isLowercase == true,
               scope.context == .body || scope.context == .topLevel {
                place(.member(base: "?", member: name), scope: scope, implicitMember: true)
            }
            walkChildren(node, scope: scope)
        case Self.symbol(.unresolved_decl_ref_expr):
            // A name of the code's (`settings`, `_cache`), or the platform's application object written bare (`NSApp as Any`).
            if let name = tree.string(node, .name), let first = name.first, first.isLowercase || first == "_" || DependencyAnalyzer.systemGlobals.contains(name) {
                place(.name(name), scope: scope)
            }
        case Self.symbol(.subscript_expr):
            // `Defaults[.key]`: a subscript of the type itself, a static subscript.
            if let base = tree.object(node, .base), tree.isKind(base, .unresolved_decl_ref_expr),
               let name = tree.string(base, .name), name.first?.isUppercase == true {
                place(.member(base: name, member: "subscript"), scope: scope)
                if let args = tree.child(node, .args) { walkAny(args, scope: scope) }
            } else {
                walkChildren(node, scope: scope)
            }
        default:
            walkChildren(node, scope: scope)
        }
    }

    /// The containers in an object, in the order of `orderOfKeys` (document order among equals).
    mutating func walkChildren(_ node: Int, scope: Scope) {
        let end = tree.next(node)
        var sorted = true, count = 0, last = Int.min
        var k = node + 1
        while k < end {
            if tree.isContainer(k) && !tree.isShadowed(k) {
                let order = Self.order(tree.nodes[k].key)
                if order >= 0 {
                    count += 1
                    if order < last { sorted = false }
                    last = order
                }
            }
            k = tree.next(k)
        }
        guard count > 0 else { return }
        if sorted {
            k = node + 1
            while k < end {
                if tree.isContainer(k), !tree.isShadowed(k), Self.order(tree.nodes[k].key) >= 0 { walkAny(k, scope: scope) }
                k = tree.next(k)
            }
            return
        }
        var children: [(order: Int, index: Int)] = []
        children.reserveCapacity(count)
        k = node + 1
        while k < end {
            if tree.isContainer(k) && !tree.isShadowed(k) {
                let order = Self.order(tree.nodes[k].key)
                if order >= 0 { children.append((order, k)) }
            }
            k = tree.next(k)
        }
        children.sort { $0.order != $1.order ? $0.order < $1.order : $0.index < $1.index }
        for child in children { walkAny(child.index, scope: scope) }
    }

    /// The names in a written type (`Cache<Int>` gives `Cache`, `Int`), in order.
    func typeIdentifiers(_ value: Int) -> [String] {
        var names: [String] = []
        let end = tree.next(value)
        var k = value
        while k < end {
            if k != value, tree.nodes[k].key == Word.range.rawValue || tree.isShadowed(k) {
                k = tree.next(k)  // a range holds no names; a repeated key's first value is not read
                continue
            }
            if tree.isObject(k), let id = tree.string(k, .id), !names.contains(id) { names.append(id) }
            k += 1
        }
        return names
    }

    /// The type named by `Cache<Value>` or `Store.Box<Int>` (an `unresolved_specialize_expr`), if capitalized.
    func specializedType(_ node: Int) -> String? {
        guard let sub = tree.object(node, .sub_expr) else { return nil }
        switch tree.kind(sub) {
        case Self.symbol(.unresolved_decl_ref_expr):
            guard let name = tree.string(sub, .name), name.first?.isUppercase == true else { return nil }
            return name
        case Self.symbol(.unresolved_dot_expr):
            guard let (base, field) = typeMember(sub), field.first?.isUppercase == true else { return nil }
            return base + "." + field
        default:
            return nil
        }
    }

    /// `V8Engine.shared` → ("V8Engine", "shared"); `Foo.Bar.default` → ("Foo.Bar", "default").
    func typeMember(_ node: Int) -> (String, String)? {
        guard let field = tree.string(node, .field), let base = tree.object(node, .base),
              let first = field.first, first.isLowercase || first == "_"
        else { return nil }
        // `Self.cache`: a static member of the type the code is in, as the token reader reads it.
        if tree.isKind(base, .unresolved_decl_ref_expr), tree.string(base, .name) == "Self" { return ("Self", field) }
        guard let path = typePath(base) else { return nil }
        return (path, field)
    }

    /// The platform queue a receiver names (`DispatchQueue.main`, `DispatchQueue.global(qos: .utility)`):
    /// the type, or nil when the receiver is anything else (a queue the code was handed).
    func platformQueue(_ node: Int) -> String? {
        var current = node
        while true {
            if tree.isKind(current, .call_expr), let fn = tree.object(current, .fn) { current = fn; continue }
            guard tree.isKind(current, .unresolved_dot_expr), let base = tree.object(current, .base) else { return nil }
            if let path = typePath(base) { return TokenTools.platformQueues.contains(path) ? path : nil }
            current = base
        }
    }

    func typePath(_ node: Int) -> String? {
        switch tree.kind(node) {
        case Self.symbol(.unresolved_decl_ref_expr):
            guard let name = tree.string(node, .name), name.first?.isUppercase == true, name != "Self" else { return nil }
            return name
        case Self.symbol(.unresolved_dot_expr):
            guard let field = tree.string(node, .field), field.first?.isUppercase == true,
                  let base = tree.object(node, .base), let path = typePath(base) else { return nil }
            return path + "." + field
        default:
            return nil
        }
    }

    mutating func walkType(_ node: Int, kind: TypeKind, scope: Scope) {
        let simple = kind == .extension ? (tree.string(node, .extended_type) ?? "?") : (declName(node) ?? "?")
        let qualified = kind == .extension || scope.owner == nil ? simple : "\(scope.owner!).\(simple)"
        let start = range(node)?.lowerBound ?? 0
        var inherits: [String] = []
        var entryPoint = false
        var isPrivate = false
        if let keyword = tokenIndex(at: start) {
            isPrivate = TokenTools.declaredPrivate(tokens, nameIndex: keyword + 1)
            var nameIndex = keyword + 1
            while nameIndex + 2 < tokens.count, tokens[nameIndex + 1].is("."), tokens[nameIndex + 2].isIdentifier { nameIndex += 2 }
            inherits = TokenTools.inheritance(tokens, after: nameIndex).names
            entryPoint = tokens[max(0, keyword - 6)..<keyword].contains { $0.text == "main" }
        }
        if let attrs = objects(tree.child(node, .attrs)), attrs.contains(where: { tree.name(ofSymbol: tree.kind($0)).contains("main") }) {
            entryPoint = true
        }
        model.types.append(TypeDeclaration(name: qualified, kind: kind, inherits: inherits, file: file, line: lines.line(of: start), isEntryPoint: entryPoint,
                                           isPrivate: isPrivate))
        let inner = Scope(owner: qualified, member: nil, isStatic: false, context: .body, window: scope.window)
        if let members = tree.array(node, .members) { walkArray(members, scope: inner) }
    }

    mutating func walkFunction(_ node: Int, kind: Int32, scope: Scope) {
        let isStatic = tree.bool(node, .static) ?? false
        let name: String
        switch kind {
        case Self.symbol(.constructor_decl): name = "init"
        case Self.symbol(.destructor_decl): name = "deinit"
        case Self.symbol(.subscript_decl): name = "subscript"
        default:
            name = declName(node) ?? tree.object(node, .name).flatMap { tree.object($0, .base_name) }.flatMap { tree.string($0, .special) } ?? "?"
        }
        let declaresMember = scope.member == nil
        let paramsNode = tree.object(node, .params) ?? tree.object(node, .indices)
        var parameters: [Parameter] = []
        if let range = range(paramsNode), let open = tokenIndex(at: range.lowerBound), tokens[open].is("(") {
            parameters = TokenTools.parameters(tokens, open: open, close: TokenTools.matchingClose(tokens, open)).0
        }
        let start = range(node)?.lowerBound ?? scope.window.lowerBound
        let convenience = kind == Self.symbol(.constructor_decl) && tree.bool(node, .designated) != true
        if declaresMember {
            var member = MemberDeclaration(
                owner: scope.owner, name: name, kind: kind == Self.symbol(.constructor_decl) ? .initializer : .method, isStatic: isStatic,
                isMutable: false, isComputed: false, typeNames: [], initialValueCall: nil, parameters: parameters,
                file: file, line: lines.line(of: start))
            member.isConvenience = convenience
            if let result = tree.child(node, .result) { member.resultTypeNames = typeIdentifiers(result).filter { $0.first?.isUppercase == true } }
            model.members.append(member)
        }
        var inner = scope
        if declaresMember {
            inner.member = name
            inner.isStatic = isStatic
            inner.context = .body
            inner.convenience = convenience
        }
        if let paramsNode, let params = objects(tree.child(paramsNode, .params)) {
            var defaults = inner
            defaults.context = .defaultArgument
            if let range = range(paramsNode) { defaults.window = range }
            let withDefaults = parameters.filter(\.hasDefault)
            for (index, expression) in params.compactMap({ tree.object($0, .expression) }).enumerated() {
                // `engine: Engine = .shared`: the implicit member is the parameter type's.
                if tree.isKind(expression, .unresolved_member_expr), let member = tree.string(expression, .name),
                   member.first?.isLowercase == true, member != "init", index < withDefaults.count, let type = withDefaults[index].implicitMemberType {
                    place(.member(base: type, member: member), scope: defaults, implicitMember: true)
                }
                walk(expression, scope: defaults)
            }
        }
        if let attrs = tree.child(node, .attrs) { walkAny(attrs, scope: scope) }
        if let body = tree.object(node, .body) { walk(body, scope: inner) }
    }

    mutating func walkBinding(_ node: Int, isStatic: Bool, scope: Scope) {
        for entry in objects(tree.child(node, .pattern_entries)) ?? [] {
            guard let value = tree.object(entry, .original_init) else { continue }
            var inner = scope
            if let range = range(node) { inner.window = range.lowerBound...Int.max }
            if scope.member == nil {
                inner.member = patternName(tree.object(entry, .pattern))
                inner.isStatic = isStatic
                inner.context = scope.owner == nil && scope.topLevelCode ? .topLevel : .initialValue
            }
            // `var pipeline: ImagePipeline = .shared`: the implicit member is the declared type's, as in a default argument.
            if tree.isKind(value, .unresolved_member_expr), let member = tree.string(value, .name),
               member.first?.isLowercase == true, member != "init",
               let binding = range(node), var dot = tokenIndex(at: binding.lowerBound) {
                // The dump gives the implicit member no place of its own: it is the `= .member` in the binding's tokens.
                while dot + 2 < tokens.count, tokens[dot].offset <= binding.upperBound,
                      !(tokens[dot].is("=") && tokens[dot + 1].is(".") && tokens[dot + 2].text == member) { dot += 1 }
                dot += 1
                if dot + 1 < tokens.count, tokens[dot].offset <= binding.upperBound,
                   let type = TokenTools.annotatedType(tokens, beforeImplicitMember: dot)?.first {
                    place(.member(base: type, member: member), scope: inner, implicitMember: true)
                }
            }
            walk(value, scope: inner)
        }
    }

    func patternName(_ pattern: Int?) -> String? {
        guard let pattern else { return nil }
        if let name = declName(pattern) { return name }
        if let sub = tree.object(pattern, .sub_pattern) { return patternName(sub) }
        return nil
    }

    mutating func walkVariable(_ node: Int, scope: Scope) {
        guard let name = declName(node) else { return }
        let isStatic = tree.bool(node, .static) ?? false
        let start = range(node)?.lowerBound ?? 0
        var accessorsWindow = scope.window
        let accessors = tree.array(node, .accessors)
        // In a `main.swift` the globals are declared at the file's own level; a declaration inside its top-level
        // code (a closure handed to a call, a loop's body) is a local of that code, seen by no other file.
        if scope.member == nil && !scope.topLevelCode {
            var shape: (typeNames: [String], initialCall: String?, initialValue: Range<Int>?, accessors: Int?) = ([], nil, nil, nil)
            var declaredAsSelf = false
            var declaredTypePath: String?
            var settableOutside = false
            var isPrivate = false
            if let nameIndex = tokenIndex(at: start), tokens[nameIndex].text == name {
                shape = TokenTools.propertyShape(tokens, nameIndex: nameIndex)
                declaredAsSelf = TokenTools.declaredAsSelf(tokens, nameIndex: nameIndex)
                declaredTypePath = TokenTools.declaredTypePath(tokens, nameIndex: nameIndex)
                settableOutside = TokenTools.settableOutside(tokens, nameIndex: nameIndex)
                isPrivate = TokenTools.declaredPrivate(tokens, nameIndex: nameIndex)
                if let brace = shape.accessors {
                    accessorsWindow = tokens[brace].offset...tokens[TokenTools.matchingClose(tokens, brace)].offset
                }
            }
            let hasAccessors = accessors.map { tree.next($0) > $0 + 1 } ?? false
            var member = MemberDeclaration(
                owner: scope.owner, name: name, kind: .property, isStatic: isStatic || scope.owner == nil,
                isMutable: tree.bool(node, .let) != true, isComputed: hasAccessors && shape.initialValue == nil,
                typeNames: shape.typeNames, initialValueCall: shape.initialCall, parameters: [],
                file: file, line: lines.line(of: start))
            member.declaredAsSelf = declaredAsSelf
            member.declaredTypePath = declaredTypePath
            member.initialValueIsLiteral = shape.initialValue.map { TokenTools.isLiteral(tokens[$0]) } ?? false
            member.isSettableOutside = settableOutside
            member.isPrivate = isPrivate
            model.members.append(member)
        }
        if let attrs = tree.array(node, .attrs) {
            var inner = scope
            inner.context = .attribute
            for attr in tree.children(attrs) where tree.isObject(attr) && tree.isKind(attr, .custom_attr) {
                if let range = range(attr) { inner.window = range.lowerBound...start }
                walkChildren(attr, scope: inner)
            }
        }
        if let accessors {
            for accessor in tree.children(accessors) where tree.isObject(accessor) {
                var inner = scope
                inner.window = accessorsWindow
                if scope.member == nil {
                    inner.member = name
                    inner.isStatic = isStatic
                    inner.context = scope.owner == nil && scope.topLevelCode ? .topLevel : .body
                }
                if let body = tree.object(accessor, .body) { walk(body, scope: inner) }
            }
        }
    }

    /// Records a reference at the first unclaimed matching token in the scope's window.
    mutating func place(_ shape: CodeReference.Shape, scope: Scope, implicitMember: Bool = false) {
        let window = scope.window
        let first: String
        switch shape {
        case .member(let base, let member): first = base.isEmpty || implicitMember ? member : String(base.split(separator: ".").first ?? Substring(base))
        case .construction(let type): first = implicitMember ? "init" : String(type.split(separator: ".").first ?? Substring(type))
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
        var shape = shape
        if case .construction = shape, implicitMember {
            guard let type = TokenTools.implicitInitType(tokens, dot: found - 1) else { return }
            shape = .construction(type: type)
        }
        if case .member("?", let member) = shape, implicitMember {
            guard let context = TokenTools.implicitMemberContext(tokens, dot: found - 1) else { return }
            shape = .member(base: context, member: member)
        }
        used.insert(found)
        let offset = tokens[found].offset
        model.references.append(CodeReference(
            shape: shape, owner: scope.owner, member: scope.member, memberIsStatic: scope.isStatic,
            context: scope.context, file: file, offset: offset, line: lines.line(of: offset),
            withoutArguments: TokenTools.callWithoutArguments(tokens, at: found),
            firstArgumentLabel: TokenTools.firstArgumentLabel(tokens, at: found), inConvenienceInit: scope.convenience,
            isTemporary: TokenTools.isTemporary(tokens, at: found),
            handedArguments: { if case .construction = shape { return TokenTools.handedArguments(tokens, at: found) } else { return nil } }(),
            handedOn: { if case .construction = shape { return TokenTools.handedOn(tokens, at: found) } else { return false } }(),
            addressTaken: found > 0 && tokens[found - 1].is("&"),
            writes: {
                if case .member(_, "subscript") = shape { return TokenTools.subscriptIsWritten(tokens, at: found) }
                if case .member(let base, let member) = shape, !base.isEmpty, !implicitMember { return TokenTools.memberIsAssigned(tokens, at: found, member: member) }
                return false
            }(),
            usedAsReceiver: { if case .member(_, let member) = shape { return TokenTools.usedAsReceiver(tokens, at: found, member: member) } else { return false } }(),
            fallbackOf: { if case .construction = shape { return TokenTools.fallbackOf(tokens, at: found) } else { return nil } }()))
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
        case .member(let base, "subscript"):
            guard let after = sequence(base.split(separator: ".").map(String.init)), after < tokens.count else { return false }
            return tokens[after].is("[")
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
