/// A small Swift lexer: enough to find names and punctuation while skipping
/// comments and the text of string literals (the code inside `\( )` is kept).
///
///     let tokens = SwiftLexer.tokens(of: "let a = V8Engine.shared // V8Engine.shared")
///     // let, a, =, V8Engine, ., shared   (the comment is gone)
public struct SwiftToken: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case identifier, number, string, punctuation, `operator`, directive
    }
    public var kind: Kind
    public var text: String
    /// UTF-8 byte offset of the token's first byte in the file.
    public var offset: Int
    /// True when a line break comes between this token and the one before.
    public var newlineBefore: Bool

    public func `is`(_ text: String) -> Bool { self.text == text && kind != .string }
    public var isIdentifier: Bool { kind == .identifier }
    public var isCapitalized: Bool {
        kind == .identifier && (text.first.map { $0.isUppercase } ?? false)
    }
}

public enum SwiftLexer {
    public static func tokens(of text: String) -> [SwiftToken] {
        var lexer = Lexer(bytes: Array(text.utf8))
        lexer.lexCode(insideInterpolation: false)
        return lexer.tokens
    }

    /// Byte ranges (start...end) of every `#if ... #endif` block, outermost only.
    public static func conditionalBlocks(_ tokens: [SwiftToken]) -> [ClosedRange<Int>] {
        var blocks: [ClosedRange<Int>] = []
        var depth = 0
        var start = 0
        for token in tokens where token.kind == .directive {
            if token.text == "#if" {
                if depth == 0 { start = token.offset }
                depth += 1
            } else if token.text == "#endif", depth > 0 {
                depth -= 1
                if depth == 0 { blocks.append(start...token.offset) }
            }
        }
        if depth > 0, let last = tokens.last { blocks.append(start...last.offset) }
        return blocks
    }
}

/// Byte offsets to 1-based line numbers.
public struct LineIndex: Sendable {
    private let starts: [Int]

    public init(_ text: String) {
        var starts = [0]
        var text = text
        text.withUTF8 { bytes in
            for index in 0..<bytes.count where bytes[index] == 10 { starts.append(index + 1) }
        }
        self.starts = starts
    }

    public func line(of offset: Int) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The byte offset where 1-based `line` starts.
    public func offset(ofLine line: Int) -> Int {
        starts[max(0, min(line - 1, starts.count - 1))]
    }
}

private struct Lexer {
    let bytes: [UInt8]
    var index = 0
    var tokens: [SwiftToken] = []
    var sawNewline = true

    init(bytes: [UInt8]) { self.bytes = bytes }

    func peek(_ ahead: Int = 0) -> UInt8? {
        index + ahead < bytes.count ? bytes[index + ahead] : nil
    }

    mutating func emit(_ kind: SwiftToken.Kind, from start: Int) {
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        tokens.append(SwiftToken(kind: kind, text: text, offset: start, newlineBefore: sawNewline))
        sawNewline = false
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57) || byte == 95 || byte == 36 || byte >= 0x80
    }

    static let operatorBytes = Set("=-+*/%<>!&|^~?".utf8)

    /// Reads code until the end, or (inside `\( )`) until the `)` that closes it.
    mutating func lexCode(insideInterpolation: Bool) {
        var parens = 0
        while let byte = peek() {
            let start = index
            switch byte {
            case 10, 13:
                // Swift ends a line at a lone CR too.
                sawNewline = true; index += 1
            case 32, 9, 11, 12:
                index += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                // A `//` comment ends where the compiler ends it: at a line feed or a lone carriage return.
                while let next = peek(), next != 10, next != 13 { index += 1 }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "\""):
                lexString(hashes: 0, start: start)
            case UInt8(ascii: "#"):
                var hashes = 0
                while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
                if peek(hashes) == UInt8(ascii: "\"") {
                    index += hashes
                    lexString(hashes: hashes, start: start)
                } else {
                    index += 1
                    while let next = peek(), Self.isIdentifierByte(next) { index += 1 }
                    emit(.directive, from: start)
                }
            case UInt8(ascii: "`"):
                index += 1
                let nameStart = index
                while let next = peek(), next != UInt8(ascii: "`"), next != 10 { index += 1 }
                let text = String(decoding: bytes[nameStart..<index], as: UTF8.self)
                if peek() == UInt8(ascii: "`") { index += 1 }
                tokens.append(SwiftToken(kind: .identifier, text: text, offset: start, newlineBefore: sawNewline))
                sawNewline = false
            case 48...57:
                while let next = peek(), Self.isIdentifierByte(next) || (next == UInt8(ascii: ".") && (peek(1).map { $0 >= 48 && $0 <= 57 } ?? false)) {
                    index += 1
                }
                emit(.number, from: start)
            case _ where Self.isIdentifierByte(byte):
                while let next = peek(), Self.isIdentifierByte(next) { index += 1 }
                emit(.identifier, from: start)
            case UInt8(ascii: "("):
                parens += 1; index += 1; emit(.punctuation, from: start)
            case UInt8(ascii: ")"):
                if insideInterpolation && parens == 0 { index += 1; return }
                parens -= 1; index += 1; emit(.punctuation, from: start)
            case UInt8(ascii: "-") where peek(1) == UInt8(ascii: ">"):
                index += 2; emit(.operator, from: start)
            case UInt8(ascii: "<"), UInt8(ascii: ">"):
                index += 1; emit(.operator, from: start)
            case _ where Self.operatorBytes.contains(byte):
                while let next = peek(), Self.operatorBytes.contains(next), next != UInt8(ascii: "<"), next != UInt8(ascii: ">") {
                    if next == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*") { break }
                    index += 1
                }
                if index == start { index += 1 }
                emit(.operator, from: start)
            default:
                index += 1; emit(.punctuation, from: start)
            }
        }
    }

    mutating func skipBlockComment() {
        index += 2
        var depth = 1
        while depth > 0, let byte = peek() {
            if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") { depth += 1; index += 2 }
            else if byte == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") { depth -= 1; index += 2 }
            else { if byte == 10 { sawNewline = true }; index += 1 }
        }
    }

    /// At the opening quote(s); `hashes` `#` signs were already read.
    mutating func lexString(hashes: Int, start: Int) {
        let multiline = peek() == UInt8(ascii: "\"") && peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
        index += multiline ? 3 : 1
        tokens.append(SwiftToken(kind: .string, text: "\"", offset: start, newlineBefore: sawNewline))
        sawNewline = false
        func closes(_ lexer: Lexer) -> Int? {
            let quotes = multiline ? 3 : 1
            for k in 0..<quotes where lexer.peek(k) != UInt8(ascii: "\"") { return nil }
            for k in 0..<hashes where lexer.peek(quotes + k) != UInt8(ascii: "#") { return nil }
            return quotes + hashes
        }
        while let byte = peek() {
            if let length = closes(self) { index += length; return }
            if byte == 10 && !multiline { return }
            if byte == UInt8(ascii: "\\") {
                var k = 1
                var matched = true
                for _ in 0..<hashes { if peek(k) == UInt8(ascii: "#") { k += 1 } else { matched = false } }
                if matched && peek(k) == UInt8(ascii: "(") {
                    index += k + 1
                    lexCode(insideInterpolation: true)
                    continue
                }
                index += matched ? k + 1 : 1
                continue
            }
            index += 1
        }
    }
}
