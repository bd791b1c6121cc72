/// The compiler's JSON syntax dump of one file, decoded into one flat array of nodes.
///
/// No dictionary per node: a node is 16 bytes (its kind, its key as a number, and either
/// the byte range of its text or the end of its subtree). Nodes are laid out in document
/// order, each container followed by its whole subtree, so the children of a node are
/// found by stepping from one sibling to the next. Keys (and the `_kind` of each object)
/// are interned: the walk compares numbers, not strings. Strings and numbers stay bytes
/// of the dump until asked for.
///
///     let tree = DumpTree.parse(Array(#"{"_kind":"source_file","items":[]}"#.utf8))!
///     tree.kind(tree.root) == DumpTree.Word.source_file.rawValue   // true
///     tree.child(tree.root, .items)                                  // the array's index
///
/// The decoder accepts what `JSONSerialization` accepts, and nothing more (valid UTF-8,
/// no control characters in strings, paired surrogates, at most 512 nested containers, a
/// comma before a closer tolerated); the values of `prunedKeys` are skipped unread, as a
/// textual pass over the dump left them out before.
struct DumpTree: Sendable {
    enum Kind: UInt8, Sendable { case object, array, string, number, `true`, `false`, null }

    struct Node: Sendable {
        var kind: Kind
        /// Strings: the text has escapes (decode them when read).
        var escaped: Bool
        /// A value whose key comes again later in its object: the later one counts
        /// (`JSONSerialization` keeps the last), so reads skip this one.
        var shadowed = false
        /// The key of the value in its object (a symbol), `noKey` in an array.
        var key: UInt32
        /// Objects: the symbol of its `_kind`; strings and numbers: where the text starts.
        var a: Int32
        /// Containers: the index after the subtree; strings and numbers: where the text ends.
        var b: Int32
    }

    static let noKey = UInt32.max
    static let noSymbol = Int32(-1)

    /// The dump's text (shared by the files of one batch); string and number nodes point into it.
    let bytes: [UInt8]
    let nodes: [Node]
    let symbols: Symbols

    var root: Int { 0 }

    // MARK: Reading

    /// The `_kind` symbol of an object (`noSymbol` when it has no string `_kind`).
    func kind(_ index: Int) -> Int32 {
        let node = nodes[index]
        return node.kind == .object ? node.a : Self.noSymbol
    }

    func isKind(_ index: Int, _ word: Word) -> Bool { kind(index) == Int32(word.rawValue) }
    func isObject(_ index: Int) -> Bool { nodes[index].kind == .object }
    func isArray(_ index: Int) -> Bool { nodes[index].kind == .array }
    func isContainer(_ index: Int) -> Bool { nodes[index].kind.rawValue <= Kind.array.rawValue }

    /// The index after `index` and its subtree: its next sibling, if it has one.
    func next(_ index: Int) -> Int {
        let node = nodes[index]
        return node.kind.rawValue <= Kind.array.rawValue ? Int(node.b) : index + 1
    }

    /// The children of a container, in document order.
    func children(_ index: Int) -> Children {
        let node = nodes[index]
        let end = node.kind.rawValue <= Kind.array.rawValue ? Int(node.b) : index + 1
        return Children(tree: self, start: index + 1, end: end)
    }

    struct Children: Sequence, IteratorProtocol {
        let tree: DumpTree
        var start: Int
        let end: Int
        mutating func next() -> Int? {
            guard start < end else { return nil }
            defer { start = tree.next(start) }
            return start
        }
    }

    /// The value of `key` in an object (the last, when a key repeats, as `JSONSerialization` has it).
    func child(_ index: Int, _ key: Word) -> Int? { child(index, symbol: key.rawValue) }

    func child(_ index: Int, symbol: UInt32) -> Int? {
        let node = nodes[index]
        guard node.kind == .object else { return nil }
        let end = Int(node.b)
        var k = index + 1
        while k < end {
            if nodes[k].key == symbol && !nodes[k].shadowed { return k }
            k = next(k)
        }
        return nil
    }

    /// Whether a value is left out of its object (its key comes again later).
    func isShadowed(_ index: Int) -> Bool { nodes[index].shadowed }

    /// The object value of `key`, if it is one.
    func object(_ index: Int, _ key: Word) -> Int? {
        guard let k = child(index, key), nodes[k].kind == .object else { return nil }
        return k
    }

    /// The array value of `key`, if it is one.
    func array(_ index: Int, _ key: Word) -> Int? {
        guard let k = child(index, key), nodes[k].kind == .array else { return nil }
        return k
    }

    func string(_ index: Int, _ key: Word) -> String? { child(index, key).flatMap(string) }
    func bool(_ index: Int, _ key: Word) -> Bool? { child(index, key).flatMap(bool) }
    func int(_ index: Int, _ key: Word) -> Int? { child(index, key).flatMap(int) }

    /// A string node's text, its escapes decoded.
    func string(_ index: Int) -> String? {
        let node = nodes[index]
        guard node.kind == .string else { return nil }
        let start = Int(node.a), end = Int(node.b)
        if !node.escaped {
            return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
        }
        return String(decoding: Self.unescaped(bytes, start..<end), as: UTF8.self)
    }

    /// Whether a string node's text is `text` (no string made).
    func stringEquals(_ index: Int, _ text: StaticString) -> Bool {
        let node = nodes[index]
        guard node.kind == .string else { return false }
        if node.escaped { return string(index) == text.description }
        let start = Int(node.a), count = Int(node.b) - start
        guard count == text.utf8CodeUnitCount else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            text.withUTF8Buffer { literal in
                for k in 0..<count where buffer[start + k] != literal[k] { return false }
                return true
            }
        }
    }

    /// `true`/`false`, or a number 0 or 1 (as `as? Bool` reads an `NSNumber`).
    func bool(_ index: Int) -> Bool? {
        switch nodes[index].kind {
        case .true: return true
        case .false: return false
        case .number:
            switch int(index) { case 0: return false; case 1: return true; default: return nil }
        default: return nil
        }
    }

    /// An integer number (or a whole decimal one), as `as? Int` reads an `NSNumber`.
    func int(_ index: Int) -> Int? {
        let node = nodes[index]
        switch node.kind {
        case .true: return 1
        case .false: return 0
        case .number: break
        default: return nil
        }
        let start = Int(node.a), end = Int(node.b)
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            var k = start, negative = false, value = 0
            if buffer[k] == 45 { negative = true; k += 1 }
            while k < end, buffer[k] >= 48, buffer[k] <= 57 {
                let (times, o1) = value.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times.addingReportingOverflow(Int(buffer[k] - 48))
                if o1 || o2 { return nil }
                value = sum
                k += 1
            }
            if k == end { return negative ? -value : value }
            // A fraction or an exponent: a whole number still reads as one.
            let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
            guard let double = Double(text), double.rounded() == double, abs(double) < 9.2e18 else { return nil }
            return Int(double)
        }
    }

    /// The text of a symbol (a key or a `_kind`).
    func name(ofSymbol symbol: Int32) -> String { symbol < 0 ? "" : symbols.name(Int(symbol)) }

    // MARK: Decoding

    /// Keys whose values kata never reads: skipped unread, so the tree of a large file takes
    /// half the memory (`processed_init` repeats `original_init`). As the textual pass that did
    /// this before: a key right after `{` or `,`, written exactly, followed at once by `:`.
    static let prunedKeys: [Word] = [.processed_init, .function_ref, .implicit_self_decl, .compiler_version, .decl_context,
                                     .builtin_initializer, .isolation_crossing, .init_context, .thrown_type]

    /// The object in `bytes[range]` (the whole of it, blanks around allowed), or nil when it
    /// is not valid JSON, not an object, or its `items` is there and not an array.
    static func parse(_ bytes: [UInt8], _ range: Range<Int>? = nil) -> DumpTree? {
        parse(bytes, range, wholeRange: true)?.tree
    }

    /// The object that starts `bytes[range]`, whatever follows it. `balanced`: the braces of
    /// the values skipped unread balance too, so the object ends where its balanced braces
    /// end (it is what `parse` reads of the text up to there).
    static func parsePrefix(_ bytes: [UInt8], _ range: Range<Int>) -> (tree: DumpTree, balanced: Bool)? {
        parse(bytes, range, wholeRange: false)
    }

    private static func parse(_ bytes: [UInt8], _ range: Range<Int>?, wholeRange: Bool) -> (tree: DumpTree, balanced: Bool)? {
        let range = range ?? 0..<bytes.count
        var parser = Parser(end: range.upperBound, position: range.lowerBound, symbols: Symbols.seeded)
        parser.nodes.reserveCapacity(max(16, range.count / 14))
        let ok = bytes.withUnsafeBufferPointer { buffer -> Bool in
            parser.bytes = buffer
            defer { parser.bytes = UnsafeBufferPointer(start: nil, count: 0) }
            return parser.document(wholeRange: wholeRange)
        }
        guard ok, parser.nodes.first?.kind == .object else { return nil }
        let tree = DumpTree(bytes: bytes, nodes: parser.nodes, symbols: parser.symbols)
        if let items = tree.child(tree.root, .items), tree.nodes[items].kind != .array { return nil }
        return (tree, !parser.skippedUnbalanced)
    }

    /// The text of a string with escapes, its escapes decoded (the escapes were checked when parsed).
    static func unescaped(_ bytes: [UInt8], _ range: Range<Int>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var k = range.lowerBound
        func hex(_ at: Int) -> UInt32 {
            var value: UInt32 = 0
            for j in at..<(at + 4) {
                let c = bytes[j]
                value = value * 16 + UInt32(c >= 97 ? c - 87 : c >= 65 ? c - 55 : c - 48)
            }
            return value
        }
        while k < range.upperBound {
            let byte = bytes[k]
            guard byte == 92 else { out.append(byte); k += 1; continue }
            let escape = bytes[k + 1]
            k += 2
            switch escape {
            case 98: out.append(8)
            case 102: out.append(12)
            case 110: out.append(10)
            case 114: out.append(13)
            case 116: out.append(9)
            case 117:
                var scalar = hex(k)
                k += 4
                if scalar >= 0xD800 && scalar < 0xDC00 {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hex(k + 2) - 0xDC00)
                    k += 6
                }
                out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8))
            default: out.append(escape)
            }
        }
        return out
    }

    struct Parser {
        var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        let end: Int
        var position: Int
        var symbols: Symbols
        var nodes: [Node] = []
        var depth = 0
        static let maximumDepth = 512
        /// A skipped value that a scan of balanced braces reads otherwise (its braces do
        /// not balance, or a quote in it opens a string).
        var skippedUnbalanced = false

        enum State { case open, comma, value }

        mutating func document(wholeRange: Bool) -> Bool {
            skipBlanks()
            guard position < end, bytes[position] == 123 else { return false }
            guard value(key: noKey) else { return false }
            guard wholeRange else { return true }
            skipBlanks()
            return position == end
        }

        mutating func skipBlanks() {
            while position < end {
                let byte = bytes[position]
                guard byte == 32 || byte == 10 || byte == 13 || byte == 9 else { return }
                position += 1
            }
        }

        /// One value at `position` (blanks skipped before), appended with its subtree.
        mutating func value(key: UInt32) -> Bool {
            guard position < end else { return false }
            switch bytes[position] {
            case 123: return object(key: key)
            case 91: return array(key: key)
            case 34:
                let start = position + 1
                guard let escaped = string() else { return false }
                nodes.append(Node(kind: .string, escaped: escaped, key: key, a: Int32(start), b: Int32(position - 1)))
                return true
            case 116: return literal("true", .true, key: key)
            case 102: return literal("false", .false, key: key)
            case 110: return literal("null", .null, key: key)
            default:
                let start = position
                guard number() else { return false }
                nodes.append(Node(kind: .number, escaped: false, key: key, a: Int32(start), b: Int32(position)))
                return true
            }
        }

        mutating func literal(_ word: StaticString, _ kind: Kind, key: UInt32) -> Bool {
            let count = word.utf8CodeUnitCount
            guard position + count <= end else { return false }
            let matches = word.withUTF8Buffer { literal in
                for k in 0..<count where bytes[position + k] != literal[k] { return false }
                return true
            }
            guard matches else { return false }
            position += count
            nodes.append(Node(kind: kind, escaped: false, key: key, a: 0, b: 0))
            return true
        }

        /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
        mutating func number() -> Bool {
            if position < end, bytes[position] == 45 { position += 1 }
            guard position < end else { return false }
            if bytes[position] == 48 {
                position += 1
            } else if bytes[position] >= 49 && bytes[position] <= 57 {
                while position < end, bytes[position] >= 48, bytes[position] <= 57 { position += 1 }
            } else {
                return false
            }
            if position < end, bytes[position] == 46 {
                position += 1
                let digits = position
                while position < end, bytes[position] >= 48, bytes[position] <= 57 { position += 1 }
                guard position > digits else { return false }
            }
            if position < end, bytes[position] == 101 || bytes[position] == 69 {
                position += 1
                if position < end, bytes[position] == 43 || bytes[position] == 45 { position += 1 }
                let digits = position
                while position < end, bytes[position] >= 48, bytes[position] <= 57 { position += 1 }
                guard position > digits else { return false }
            }
            return true
        }

        /// A string at `position` (its opening quote), checked: valid UTF-8, no control
        /// characters, known escapes, paired surrogates. Leaves `position` after the closing
        /// quote; returns whether it has escapes, nil when it is not valid.
        mutating func string() -> Bool? {
            var k = position + 1
            var escaped = false
            while true {
                guard k < end else { return nil }
                let byte = bytes[k]
                if byte == 34 { break }
                if byte == 92 {
                    escaped = true
                    guard k + 1 < end else { return nil }
                    switch bytes[k + 1] {
                    case 34, 92, 47, 98, 102, 110, 114, 116: k += 2
                    case 117:
                        guard let unit = hex(k + 2) else { return nil }
                        k += 6
                        if unit >= 0xD800 && unit < 0xDC00 {
                            guard k + 1 < end, bytes[k] == 92, bytes[k + 1] == 117, let low = hex(k + 2), low >= 0xDC00 && low < 0xE000 else { return nil }
                            k += 6
                        } else if unit >= 0xDC00 && unit < 0xE000 {
                            return nil
                        }
                    default: return nil
                    }
                } else if byte < 0x20 {
                    return nil
                } else if byte < 0x80 {
                    k += 1
                } else {
                    guard let length = utf8Sequence(at: k) else { return nil }
                    k += length
                }
            }
            position = k + 1
            return escaped
        }

        func hex(_ at: Int) -> UInt32? {
            guard at + 4 <= end else { return nil }
            var value: UInt32 = 0
            for k in at..<(at + 4) {
                let c = bytes[k]
                let digit: UInt32
                switch c {
                case 48...57: digit = UInt32(c - 48)
                case 65...70: digit = UInt32(c - 55)
                case 97...102: digit = UInt32(c - 87)
                default: return nil
                }
                value = value * 16 + digit
            }
            return value
        }

        /// The length of the valid UTF-8 sequence starting at `k` (not ASCII), or nil.
        func utf8Sequence(at k: Int) -> Int? {
            let lead = bytes[k]
            func continuation(_ at: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
                at < end && bytes[at] >= low && bytes[at] <= high
            }
            switch lead {
            case 0xC2...0xDF: return continuation(k + 1) ? 2 : nil
            case 0xE0: return continuation(k + 1, 0xA0) && continuation(k + 2) ? 3 : nil
            case 0xE1...0xEC, 0xEE...0xEF: return continuation(k + 1) && continuation(k + 2) ? 3 : nil
            case 0xED: return continuation(k + 1, 0x80, 0x9F) && continuation(k + 2) ? 3 : nil
            case 0xF0: return continuation(k + 1, 0x90) && continuation(k + 2) && continuation(k + 3) ? 4 : nil
            case 0xF1...0xF3: return continuation(k + 1) && continuation(k + 2) && continuation(k + 3) ? 4 : nil
            case 0xF4: return continuation(k + 1, 0x80, 0x8F) && continuation(k + 2) && continuation(k + 3) ? 4 : nil
            default: return nil
            }
        }

        mutating func object(key: UInt32) -> Bool {
            depth += 1
            guard depth <= Self.maximumDepth else { return false }
            let index = nodes.count
            nodes.append(Node(kind: .object, escaped: false, key: key, a: noSymbol, b: 0))
            position += 1
            var state = State.open
            while true {
                skipBlanks()
                guard position < end else { return false }
                let byte = bytes[position]
                if byte == 34 {
                    guard state != .value else { return false }
                    let prunable = bytes[position - 1] == 123 || bytes[position - 1] == 44
                    let start = position + 1
                    guard let escaped = string() else { return false }
                    let symbol = escaped
                        ? symbols.intern(DumpTree.unescapedKey(bytes, start..<(position - 1)))
                        : symbols.intern(bytes, start..<(position - 1))
                    if prunable && !escaped && position < end && bytes[position] == 58 && symbols.isPruned(symbol) {
                        skipPruned(from: position + 1, state: &state)
                        continue
                    }
                    skipBlanks()
                    guard position < end, bytes[position] == 58 else { return false }
                    position += 1
                    skipBlanks()
                    let member = nodes.count
                    if symbol == Word._kind.rawValue {
                        if position < end, bytes[position] == 34 {
                            let valueStart = position + 1
                            guard let valueEscaped = string() else { return false }
                            let kind = valueEscaped
                                ? symbols.intern(DumpTree.unescapedKey(bytes, valueStart..<(position - 1)))
                                : symbols.intern(bytes, valueStart..<(position - 1))
                            nodes.append(Node(kind: .string, escaped: valueEscaped, key: symbol, a: Int32(valueStart), b: Int32(position - 1)))
                            nodes[index].a = Int32(kind)
                        } else {
                            guard value(key: symbol) else { return false }
                            nodes[index].a = noSymbol
                        }
                    } else {
                        guard value(key: symbol) else { return false }
                    }
                    // A key seen before in this object: the earlier value no longer counts.
                    var sibling = index + 1
                    while sibling < member {
                        if nodes[sibling].key == symbol && !nodes[sibling].shadowed { nodes[sibling].shadowed = true; break }
                        let node = nodes[sibling]
                        sibling = node.kind.rawValue <= Kind.array.rawValue ? Int(node.b) : sibling + 1
                    }
                    state = .value
                } else if byte == 44 {
                    guard state == .value else { return false }
                    state = .comma
                    position += 1
                } else if byte == 125 {
                    position += 1
                    break
                } else {
                    return false
                }
            }
            nodes[index].b = Int32(nodes.count)
            depth -= 1
            return true
        }

        mutating func array(key: UInt32) -> Bool {
            depth += 1
            guard depth <= Self.maximumDepth else { return false }
            let index = nodes.count
            nodes.append(Node(kind: .array, escaped: false, key: key, a: 0, b: 0))
            position += 1
            var state = State.open
            while true {
                skipBlanks()
                guard position < end else { return false }
                let byte = bytes[position]
                if byte == 93 {
                    position += 1
                    break
                } else if byte == 44 {
                    guard state == .value else { return false }
                    state = .comma
                    position += 1
                } else {
                    guard state != .value else { return false }
                    if byte == 34, bytes[position - 1] == 44, let valueStart = prunedKeyEnd(at: position) {
                        skipPruned(from: valueStart, state: &state)
                        continue
                    }
                    guard value(key: noKey) else { return false }
                    state = .value
                }
            }
            nodes[index].b = Int32(nodes.count)
            depth -= 1
            return true
        }

        /// Where the value starts when a pruned key, written `"key":`, starts at `k`.
        func prunedKeyEnd(at k: Int) -> Int? {
            for word in DumpTree.prunedKeys {
                let name = Symbols.names[Int(word.rawValue)]
                let length = name.count
                guard k + length + 3 <= end, bytes[k + length + 1] == 34, bytes[k + length + 2] == 58 else { continue }
                var j = 0
                while j < length && bytes[k + 1 + j] == name[j] { j += 1 }
                if j == length { return k + length + 3 }
            }
            return nil
        }

        /// Skips a pruned key's value the way the textual pass did (a string to its closing
        /// quote, a container to its balanced closer of either kind, else up to `,` `}` `]`),
        /// and one comma next to it: the one before it if it came after one, else the one after.
        mutating func skipPruned(from start: Int, state: inout State) {
            var i = start
            var balanced = false
            if i < end && bytes[i] == 34 {
                i += 1
                var escaped = false
                while i < end { let b = bytes[i]; i += 1; if escaped { escaped = false } else if b == 92 { escaped = true } else if b == 34 { balanced = true; break } }
            } else if i < end && (bytes[i] == 123 || bytes[i] == 91) {
                var level = 0, inString = false, escaped = false
                var braces = 0, lowest = 0
                while i < end {
                    let b = bytes[i]; i += 1
                    if inString { if escaped { escaped = false } else if b == 92 { escaped = true } else if b == 34 { inString = false }; continue }
                    if b == 34 { inString = true }
                    else if b == 123 || b == 91 { level += 1; if b == 123 { braces += 1 } }
                    else if b == 125 || b == 93 {
                        level -= 1
                        if b == 125 { braces -= 1; lowest = min(lowest, braces) }
                        if level == 0 { balanced = braces == 0 && lowest >= 0; break }
                    }
                }
            } else {
                balanced = true
                while i < end && bytes[i] != 44 && bytes[i] != 125 && bytes[i] != 93 {
                    if bytes[i] == 34 || bytes[i] == 123 { balanced = false }
                    i += 1
                }
            }
            if !balanced { skippedUnbalanced = true }
            if state == .comma {
                state = .value  // the comma before it is gone
            } else if i < end && bytes[i] == 44 {
                i += 1
            }
            position = i
        }
    }

    static func unescapedKey(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [UInt8] {
        unescaped(Array(bytes[range]), 0..<range.count)
    }

    // MARK: Symbols

    /// Keys and `_kind`s, numbered: the words the walk asks for first, in the order of `Word`.
    struct Symbols: Sendable {
        static let names: [[UInt8]] = Word.allCases.map { Array(String(describing: $0).utf8) }
        static let seeded: Symbols = {
            var symbols = Symbols()
            for name in names { _ = symbols.intern(name) }
            for word in DumpTree.prunedKeys { symbols.pruned[Int(word.rawValue)] = true }
            return symbols
        }()

        private var text: [UInt8] = []
        private var starts: [Int32] = [0]
        private var table = [Int32](repeating: -1, count: 1024)
        private var pruned: [Bool] = []

        var count: Int { starts.count - 1 }

        func name(_ symbol: Int) -> String {
            String(decoding: text[Int(starts[symbol])..<Int(starts[symbol + 1])], as: UTF8.self)
        }

        func isPruned(_ symbol: UInt32) -> Bool { Int(symbol) < pruned.count && pruned[Int(symbol)] }

        mutating func intern(_ bytes: [UInt8]) -> UInt32 {
            bytes.withUnsafeBufferPointer { intern($0, 0..<$0.count) }
        }

        mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt32 {
            var hash: UInt32 = 2_166_136_261
            for k in range { hash = (hash ^ UInt32(bytes[k])) &* 16_777_619 }
            let mask = table.count - 1
            var slot = Int(hash) & mask
            while true {
                let symbol = table[slot]
                if symbol < 0 { break }
                let start = Int(starts[Int(symbol)]), stop = Int(starts[Int(symbol) + 1])
                if stop - start == range.count {
                    var same = true
                    var j = 0
                    for k in range { if text[start + j] != bytes[k] { same = false; break }; j += 1 }
                    if same { return UInt32(symbol) }
                }
                slot = (slot + 1) & mask
            }
            let symbol = Int32(count)
            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
            starts.append(Int32(text.count))
            pruned.append(false)
            table[slot] = symbol
            if count * 2 > table.count { grow() }
            return UInt32(symbol)
        }

        private mutating func grow() {
            table = [Int32](repeating: -1, count: table.count * 2)
            let mask = table.count - 1
            for symbol in 0..<count {
                var hash: UInt32 = 2_166_136_261
                for k in Int(starts[symbol])..<Int(starts[symbol + 1]) { hash = (hash ^ UInt32(text[k])) &* 16_777_619 }
                var slot = Int(hash) & mask
                while table[slot] >= 0 { slot = (slot + 1) & mask }
                table[slot] = Int32(symbol)
            }
        }
    }

    /// The keys and `_kind`s the walk reads, numbered in this order in every tree.
    enum Word: UInt32, CaseIterable, Sendable {
        // Keys.
        case _kind, range, start, end, items, implicit, name, base_name, special, actor, members, extended_type, attrs
        case `static`, params, indices, designated, result, body, expression, pattern_entries, original_init, pattern
        case sub_pattern, `let`, accessors, fn, field, args, base, sub_expr, id, conditions, elements, then_stmt, else_stmt
        case type, generic_params, where_requirements, inherits
        case processed_init, function_ref, implicit_self_decl, compiler_version, decl_context, builtin_initializer
        case isolation_crossing, init_context, thrown_type
        // Kinds.
        case source_file, class_decl, struct_decl, enum_decl, `protocol`, protocol_decl, extension_decl, actor_decl
        case declref_expr, parameter, var_decl, pattern_binding_decl, constructor_decl, func_decl, accessor_decl, type_expr
        case destructor_decl, subscript_decl, top_level_code_decl, unresolved_dot_expr, call_expr, unresolved_decl_ref_expr
        case unresolved_specialize_expr, unresolved_member_expr, custom_attr, subscript_expr, objc_selector_expr
    }
}
