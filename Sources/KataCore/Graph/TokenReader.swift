/// Reads declarations and references from tokens alone: the fallback when the
/// compiler gives no syntax dump, and the reader of `#if` blocks (which the
/// 6.3 parse dump leaves out). Comments and string text never reach it.
public struct TokenReader: Sendable {
    public init() {}

    static let typeKeywords: [String: TypeKind] = [
        "class": .class, "struct": .struct, "enum": .enum, "actor": .actor, "protocol": .protocol, "extension": .extension,
    ]
    static let declarationKeywords: Set<String> = [
        "func", "var", "let", "init", "deinit", "subscript", "class", "struct", "enum", "actor", "protocol",
        "extension", "typealias", "case", "import", "associatedtype", "operator", "precedencegroup",
    ]
    static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "package", "final", "static", "class", "lazy",
        "weak", "unowned", "override", "required", "convenience", "mutating", "nonmutating", "dynamic",
        "nonisolated", "isolated", "indirect", "optional", "consuming", "borrowing", "distributed",
    ]

    public func read(file: String, text: String, within ranges: [ClosedRange<Int>]? = nil) -> CodeModel {
        read(file: file, text: text, tokens: SwiftLexer.tokens(of: text), within: ranges)
    }

    /// The same, with the file's tokens already lexed.
    public func read(file: String, text: String, tokens: [SwiftToken], within ranges: [ClosedRange<Int>]? = nil) -> CodeModel {
        let lines = LineIndex(text)
        var scanner = TokenScanner(tokens: tokens, file: file, lines: lines)
        if let ranges {
            // Only what is inside the ranges is kept: the top-level declarations around them are scanned, not the file;
            // and none at all when they hold only directives and imports (`#if canImport(UIKit)` / `import UIKit`),
            // which the one linear pass below finds.
            let segments = Self.holdOnlyImports(tokens, within: ranges) ? [] : TokenTools.topLevelSegments(tokens, overlapping: ranges)
            for segment in segments {
                scanner.scan(segment, owner: nil, typeKind: nil, member: nil, isStatic: false, context: .topLevel)
            }
        } else {
            scanner.scanAll()
        }
        var model = scanner.model
        (model.writtenVariables, model.readVariables) = TokenTools.variableUses(tokens)
        let facts = TokenTools.fileFacts(tokens, file: file, lines: lines)
        if let ranges {
            func inside(_ offset: Int) -> Bool { ranges.contains { $0.contains(offset) } }
            model.types = model.types.filter { inside(scanner.offsetOfType[$0.name + "@\($0.line)"] ?? -1) }
            model.members = model.members.filter { inside(scanner.offsetOfMember[$0.name + "@\($0.line)"] ?? -1) }
            model.references = model.references.filter { inside($0.offset) }
            let insideLines = Set(ranges.flatMap { lines.line(of: $0.lowerBound)...lines.line(of: $0.upperBound) })
            model.implicitMembers = model.implicitMembers.filter { insideLines.contains($0.line) }
            model.typeAliases = model.typeAliases.filter { insideLines.contains($0.line) }
            model.typeMentions = model.typeMentions.filter { insideLines.contains($0.line) }
            model.imports = facts.imports.filter { insideLines.contains($0.line) }
            model.attributes = facts.attributes.filter { insideLines.contains($0.line) }
            model.directives = facts.directives.filter { insideLines.contains($0.line) }
        } else {
            model.imports = facts.imports
            model.attributes = facts.attributes
            model.directives = facts.directives
        }
        return model
    }
}

extension TokenReader {
    /// Whether the tokens inside `ranges` are only directives with their conditions (the rest of the directive's
    /// line) and import declarations (`@testable import struct Foundation.Date`, one to a line).
    static func holdOnlyImports(_ tokens: [SwiftToken], within ranges: [ClosedRange<Int>]) -> Bool {
        let importKinds = TokenTools.importKinds
        var k = 0
        for range in ranges {
            while k < tokens.count && tokens[k].offset < range.lowerBound { k += 1 }
            while k < tokens.count && tokens[k].offset <= range.upperBound {
                let token = tokens[k]
                if token.kind == .directive {
                    k += 1
                    while k < tokens.count && !tokens[k].newlineBefore && tokens[k].offset <= range.upperBound { k += 1 }
                    continue
                }
                var j = k
                while j + 1 < tokens.count, tokens[j].is("@"), tokens[j + 1].isIdentifier, !tokens[j + 1].newlineBefore {
                    j += 2
                    if j < tokens.count, tokens[j].is("("), !tokens[j].newlineBefore { return false }
                }
                guard j < tokens.count, tokens[j].isIdentifier, tokens[j].text == "import", j == k || !tokens[j].newlineBefore else { return false }
                j += 1
                if j < tokens.count, importKinds.contains(tokens[j].text), !tokens[j].newlineBefore { j += 1 }
                // The module path: identifiers joined by dots, on the import's line.
                guard j < tokens.count, tokens[j].isIdentifier, !tokens[j].newlineBefore else { return false }
                j += 1
                while j + 1 < tokens.count, tokens[j].is("."), !tokens[j].newlineBefore, tokens[j + 1].isIdentifier { j += 2 }
                if j < tokens.count, tokens[j].offset <= range.upperBound, !tokens[j].newlineBefore, !tokens[j].is(";") { return false }
                k = j < tokens.count && tokens[j].is(";") ? j + 1 : j
            }
        }
        return true
    }
}

/// Helpers on a token list, shared by both readers.
enum TokenTools {
    /// The kinds an import may name before its path (`import struct Foundation.Date`).
    static let importKinds: Set<String> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias", "actor"]

    /// The runs of tokens, each one or more whole top-level declarations, that hold a byte of `ranges`, in order.
    /// A run ends after a `}` that closes to the file's level, where the next token starts a line and does not go
    /// on with the same statement (`.modifier()`, `else`, an operator): there a scan of the whole file is back at
    /// the file's level with nothing pending, so a scan that starts there reads what follows the same way.
    static func topLevelSegments(_ tokens: [SwiftToken], overlapping ranges: [ClosedRange<Int>]) -> [Range<Int>] {
        guard !tokens.isEmpty, !ranges.isEmpty else { return [] }
        let ranges = ranges.sorted { $0.lowerBound < $1.lowerBound }
        var starts = [0]
        var depth = 0
        for index in tokens.indices {
            let token = tokens[index]
            if token.kind == .punctuation || token.kind == .operator {
                if token.is("{") || token.is("(") || token.is("[") { depth += 1 } else if token.is("}") || token.is(")") || token.is("]") { depth = max(0, depth - 1) }
            }
            guard depth == 0, token.is("}"), index + 1 < tokens.count else { continue }
            let next = tokens[index + 1]
            let continues = next.is(".") || next.kind == .operator || next.is("else") || next.is("catch") || next.is("where")
                || next.is("(") || next.is("[") || next.is("{") || next.is(",") || next.is(":") || next.is("?") || next.is("!")
            if next.newlineBefore && !continues { starts.append(index + 1) }
        }
        var segments: [Range<Int>] = []
        var r = 0
        for (n, start) in starts.enumerated() {
            let end = n + 1 < starts.count ? starts[n + 1] : tokens.count
            let low = tokens[start].offset, high = tokens[end - 1].offset
            while r < ranges.count && ranges[r].upperBound < low { r += 1 }
            guard r < ranges.count, ranges[r].lowerBound <= high else { continue }
            if let last = segments.last, last.upperBound == start { segments[segments.count - 1] = last.lowerBound..<end } else { segments.append(start..<end) }
        }
        return segments
    }

    /// Imports, `@attributes` and `#directives` anywhere in a file: one linear
    /// pass, so no nesting can hide one.
    static func fileFacts(_ tokens: [SwiftToken], file: String, lines: LineIndex) -> (imports: [ImportDeclaration], attributes: [AttributeUse], directives: [AttributeUse]) {
        var imports: [ImportDeclaration] = []
        var attributes: [AttributeUse] = []
        var directives: [AttributeUse] = []
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .directive:
                directives.append(AttributeUse(name: String(token.text.dropFirst()), file: file, line: lines.line(of: token.offset)))
            case .punctuation where token.text == "@":
                if index + 1 < tokens.count, tokens[index + 1].isIdentifier, tokens[index + 1].offset == token.offset + 1 {
                    attributes.append(AttributeUse(name: tokens[index + 1].text, file: file, line: lines.line(of: token.offset)))
                }
            case .identifier where token.text == "import":
                let previous = index > 0 ? tokens[index - 1] : nil
                guard previous == nil || token.newlineBefore || previous!.is(";") || previous!.isIdentifier || previous!.is(")") else { continue }
                var k = index + 1
                if k < tokens.count, importKinds.contains(tokens[k].text), k + 1 < tokens.count, tokens[k + 1].isIdentifier { k += 1 }
                guard k < tokens.count, tokens[k].isIdentifier, !(k > index + 1 && tokens[k].newlineBefore) else { continue }
                imports.append(ImportDeclaration(module: tokens[k].text, file: file, line: lines.line(of: token.offset)))
            default:
                continue
            }
        }
        return (imports, attributes, directives)
    }

    static let keywordsBeforeExpression: Set<String> = [
        "return", "case", "in", "try", "await", "throw", "else", "where", "is", "as", "yield", "if", "guard",
        "while", "switch", "repeat", "some", "any", "let", "var", "then",
    ]

    /// `.member` with nothing before the dot that it could belong to: Swift takes the type from the context.
    static func isImplicitMember(_ tokens: [SwiftToken], dot index: Int) -> Bool {
        guard tokens[index].is("."), index + 1 < tokens.count, tokens[index + 1].isIdentifier,
              tokens[index + 1].offset == tokens[index].offset + 1
        else { return false }
        guard index > 0 else { return true }
        let previous = tokens[index - 1]
        switch previous.kind {
        case .identifier: return keywordsBeforeExpression.contains(previous.text)
        case .number, .string: return false
        case .directive: return true
        case .punctuation: return !(previous.is(")") || previous.is("]") || previous.is("}"))
        case .operator:
            // `x?.y`, `x!.y`, `Array<Int>.init`: the operator is glued to the dot.
            let glued = previous.offset + previous.text.utf8.count == tokens[index].offset
            return !(glued && (previous.is("?") || previous.is("!") || previous.is(">")))
        }
    }

    /// `let w: TrackStopwatch = .shared` inside a body: the annotated type before `= .member`.
    static func annotatedType(_ tokens: [SwiftToken], beforeImplicitMember dot: Int) -> [String]? {
        guard dot >= 3, tokens[dot - 1].is("=") else { return nil }
        var k = dot - 2
        var names: [String] = []
        while k > 0, dot - k < 12 {
            let token = tokens[k]
            if token.is(":") {
                return names.isEmpty ? nil : names
            }
            if token.is("let") || token.is("var") || token.is("{") || token.is(";") || token.is("(") || token.is(",") { return nil }
            if token.isCapitalized && !(k > 0 && tokens[k - 1].is(".")) { names.insert(token.text, at: 0) }
            k -= 1
        }
        return nil
    }

    /// The type `.init(...)` builds, from what is written before it: the annotation (`let client: GitClient =
    /// .init(...)`), or, assigned to a property (`gitClient = .init(...)`, `self.gitClient = .init(...)`), that
    /// property's name marked `=gitClient` (the analysis knows its declared type). Nil when the context says
    /// nothing (an argument, a return).
    static func implicitInitType(_ tokens: [SwiftToken], dot: Int) -> String? {
        guard dot + 2 < tokens.count, tokens[dot + 1].is("init"), tokens[dot + 2].is("(") else { return nil }
        if annotatedType(tokens, beforeImplicitMember: dot) != nil {
            // The annotation, as written: a nested type keeps its path (`let x: Vault.Locker = .init()`).
            var colon = dot - 2
            while colon > 0, !tokens[colon].is(":") { colon -= 1 }
            return plainTypePath(tokens, from: colon + 1)
        }
        if let argument = argumentContext(tokens, dot: dot) { return argument }
        guard dot >= 2, tokens[dot - 1].is("="), tokens[dot - 2].isIdentifier, !tokens[dot - 2].isCapitalized else { return nil }
        let name = tokens[dot - 2].text
        guard !["let", "var", "in", "return"].contains(name) else { return nil }
        // `self.name =` or a bare `name =` at the start of a statement; not `other.name =`.
        if dot >= 3, tokens[dot - 3].is(".") { return dot >= 4 && tokens[dot - 4].is("self") ? "=" + name : nil }
        return "=" + name
    }

    /// `Row(viewModel: .init(...))`, `self.init(pipeline: .shared)`: an implicit member handed as a labelled argument of a
    /// type's initializer has the type of the parameter so labelled; the analysis looks it up (`(Row|viewModel`,
    /// `(Self|pipeline` for the type the code is in). Nil for anything else (a method's argument, no label).
    static func argumentContext(_ tokens: [SwiftToken], dot: Int) -> String? {
        guard dot >= 3, tokens[dot - 1].is(":"), tokens[dot - 2].isIdentifier, tokens[dot - 3].is("(") || tokens[dot - 3].is(",") else { return nil }
        var k = dot - 3
        var depth = 0
        while k >= 0 {
            let token = tokens[k]
            if token.is(")") || token.is("]") || token.is("}") { depth += 1 }
            else if token.is("(") || token.is("[") || token.is("{") {
                if depth == 0 { break }
                depth -= 1
            }
            k -= 1
        }
        guard k >= 1, tokens[k].is("("), !tokens[k].newlineBefore else { return nil }
        var start = k - 1
        if tokens[start].is("init"), start >= 2, tokens[start - 1].is(".") {
            start -= 2
            if tokens[start].is("self") || tokens[start].is("Self") || tokens[start].is("super") { return "(Self|" + tokens[dot - 2].text }
        }
        if tokens[start].is("Self") { return "(Self|" + tokens[dot - 2].text }
        guard tokens[start].isCapitalized else { return nil }
        var path = tokens[start].text
        var m = start
        while m >= 2, tokens[m - 1].is("."), tokens[m - 2].isCapitalized { path = tokens[m - 2].text + "." + path; m -= 2 }
        if m >= 1, tokens[m - 1].is(".") { return nil }
        return "(" + path + "|" + tokens[dot - 2].text
    }

    /// The context of an implicit member (`.shared`) written in code: a labelled argument of an initializer
    /// (`argumentContext`), or a property assigned (`self.pipeline = .shared`, `=pipeline`). Nil when kata cannot tell.
    static func implicitMemberContext(_ tokens: [SwiftToken], dot: Int) -> String? {
        if let argument = argumentContext(tokens, dot: dot) { return argument }
        guard dot >= 2, tokens[dot - 1].is("="), tokens[dot - 2].isIdentifier, !tokens[dot - 2].isCapitalized else { return nil }
        let name = tokens[dot - 2].text
        guard !["let", "var", "in", "return"].contains(name) else { return nil }
        if dot >= 3, tokens[dot - 3].is(".") { return dot >= 4 && tokens[dot - 4].is("self") ? "=" + name : nil }
        return "=" + name
    }

    /// The standard library's and Foundation's value types: a constant of one is shared by nobody.
    static let valueTypeNames: Set<String> = [
        "Int", "Double", "Float", "Bool", "String", "Character", "Array", "Dictionary", "Set", "Date", "URL",
        "UUID", "Data", "Decimal", "TimeInterval", "Duration", "CharacterSet", "Range", "ClosedRange", "Optional",
    ]

    /// A plain literal (or an empty collection of values: `[String]()`): numbers, strings, `true`, `false`, `nil`, and arrays or dictionaries of them.
    static func isLiteral(_ tokens: ArraySlice<SwiftToken>) -> Bool {
        guard !tokens.isEmpty else { return false }
        return tokens.indices.allSatisfy { index in
            let token = tokens[index]
            switch token.kind {
            case .number, .string: return true
            case .identifier:
                // A tuple's label (`(driver: "HAM", wear: 74)`) names an element; it holds nothing.
                let isLabel = index + 1 < tokens.endIndex && tokens[index + 1].text == ":"
                    && index > tokens.startIndex && ["(", ","].contains(tokens[index - 1].text)
                return isLabel || ["true", "false", "nil"].contains(token.text) || valueTypeNames.contains(token.text)
            case .punctuation: return ["[", "]", ",", ":", "(", ")"].contains(token.text)
            case .operator: return token.text == "-"
            case .directive: return false
            }
        }
    }

    /// Index of the bracket closing the one at `open`, or the last index.
    static func matchingClose(_ tokens: [SwiftToken], _ open: Int) -> Int {
        let pairs: [String: String] = ["(": ")", "[": "]", "{": "}", "<": ">"]
        guard let closer = pairs[tokens[open].text] else { return open }
        let opener = tokens[open].text
        var depth = 0
        var index = open
        while index < tokens.count {
            let token = tokens[index]
            if token.kind != .string {
                if token.text == opener { depth += 1 }
                else if token.text == closer { depth -= 1; if depth == 0 { return index } }
                else if opener == "<", token.text == "{" || token.text == "=" { return index - 1 }
            }
            index += 1
        }
        return tokens.count - 1
    }

    /// The parameters between `(` at `open` and its `)`, and the token ranges of their default values.
    static func parameters(_ tokens: [SwiftToken], open: Int, close: Int) -> ([Parameter], [Range<Int>]) {
        var parameters: [Parameter] = []
        var defaults: [Range<Int>] = []
        var pieces: [Range<Int>] = []
        var depth = 0
        var start = open + 1
        var index = open + 1
        while index < close {
            let text = tokens[index].kind == .string ? "" : tokens[index].text
            if ["(", "[", "{", "<"].contains(text) { depth += 1 }
            if [")", "]", "}", ">"].contains(text) { depth -= 1 }
            if text == "," && depth == 0 { pieces.append(start..<index); start = index + 1 }
            index += 1
        }
        if start < close { pieces.append(start..<close) }
        for piece in pieces {
            var colon: Int?
            var equals: Int?
            var depth = 0
            for k in piece {
                let text = tokens[k].kind == .string ? "" : tokens[k].text
                if ["(", "[", "{", "<"].contains(text) { depth += 1 }
                if [")", "]", "}", ">"].contains(text) { depth -= 1 }
                if depth == 0 && text == ":" && colon == nil { colon = k }
                if depth == 0 && text == "=" && equals == nil && colon != nil { equals = k }
            }
            guard let colon else { continue }
            let names = tokens[piece.lowerBound..<colon].filter(\.isIdentifier).map(\.text)
            let typeEnd = equals ?? piece.upperBound
            let typeTokens = Array(tokens[(colon + 1)..<typeEnd])
            parameters.append(Parameter(
                label: names.first ?? "_", name: names.last ?? "_",
                type: typeTokens.map(\.text).joined(separator: " ").replacingOccurrences(of: " ?", with: "?"),
                typeNames: capitalizedNames(typeTokens),
                hasDefault: equals != nil))
            if let equals { defaults.append((equals + 1)..<piece.upperBound) }
        }
        return (parameters, defaults)
    }

    /// `Name()` or `Name.init()` at `index`: a call with nothing between the parentheses.
    /// The index after the generic arguments that start at `open` (`<Value>` in `Cache<Value>(...)`),
    /// or nil when what follows `<` is not a list of types (a comparison, say).
    static func afterGenericArguments(_ tokens: [SwiftToken], _ open: Int) -> Int? {
        guard open < tokens.count, tokens[open].text.hasPrefix("<") else { return nil }
        var depth = 0
        var k = open
        while k < tokens.count, k < open + 64 {
            let token = tokens[k]
            if k > open && token.newlineBefore && depth > 0 && !(token.is(",") || tokens[k - 1].is(",")) { return nil }
            if token.kind == .operator || token.kind == .punctuation {
                // `Int?>` may come as one operator: the optional marks, then the closers.
                let text = String(token.text.drop { $0 == "?" || $0 == "!" })
                if text.isEmpty { if depth == 0 { return nil } }
                else if text.allSatisfy({ $0 == "<" }) { depth += text.count }
                else if text.allSatisfy({ $0 == ">" }) {
                    depth -= text.count
                    if depth == 0 { return k + 1 }
                    if depth < 0 { return nil }
                } else if ![".", ",", "[", "]", "(", ")", ":", "&", "->"].contains(text) { return nil }
            } else if token.kind != .identifier { return nil }
            k += 1
        }
        return nil
    }

    /// The index of the token after a dotted name and its generic arguments: `(` in `Cache<Int>(`.
    static func afterTypeName(_ tokens: [SwiftToken], at index: Int) -> Int {
        var k = index + 1
        while k + 1 < tokens.count, tokens[k].is("."), tokens[k + 1].isIdentifier { k += 2 }
        if k < tokens.count, tokens[k].text.hasPrefix("<"), let after = afterGenericArguments(tokens, k) { k = after }
        return k
    }

    /// A call whose result lives no longer than its statement's locals: the value of a local `let`/`var`
    /// (`let digest = Digest()`), or the receiver of a call (`Digest().value()`). Not one assigned to a
    /// property or a subscript, returned, or handed to another call.
    /// `Defaults[.key] = x`, `Store.Table[k] += 1`: the subscript right after the type path at `index` is assigned to.
    static func subscriptIsWritten(_ tokens: [SwiftToken], at index: Int) -> Bool {
        var k = index
        while k + 2 < tokens.count, tokens[k + 1].is("."), tokens[k + 2].isIdentifier { k += 2 }
        guard k + 1 < tokens.count, tokens[k + 1].is("[") else { return false }
        let close = matchingClose(tokens, k + 1)
        guard close > k + 1, close + 1 < tokens.count else { return false }
        let next = tokens[close + 1].text
        return next == "=" || (next.count >= 2 && next.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(next))
    }

    /// `NSAppearance.current = saved`, `Type.member += 1`: the path at `index` ending in `member` is assigned to.
    static func memberIsAssigned(_ tokens: [SwiftToken], at index: Int, member: String) -> Bool {
        var k = index
        while k < tokens.count, tokens[k].text != member {
            guard k + 2 < tokens.count, tokens[k].isIdentifier, tokens[k + 1].is("."), tokens[k + 2].isIdentifier else { return false }
            k += 2
        }
        guard k + 1 < tokens.count else { return false }
        let next = tokens[k + 1].text
        return next == "=" || (next.count >= 2 && next.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(next))
    }

    static func isTemporary(_ tokens: [SwiftToken], at index: Int) -> Bool {
        let open = afterTypeName(tokens, at: index)
        guard open < tokens.count, tokens[open].is("(") else { return false }
        let close = matchingClose(tokens, open)
        if close + 2 < tokens.count, tokens[close + 1].is("."), tokens[close + 2].isIdentifier, !tokens[close + 1].newlineBefore { return true }
        var k = index - 1
        while k >= 0, tokens[k].isIdentifier, ["try", "await"].contains(tokens[k].text) { k -= 1 }
        if k > 0, tokens[k].is("?") || tokens[k].is("!"), tokens[k - 1].text == "try" { k -= 2 }
        guard k >= 1, tokens[k].is("=") else { return false }
        // `let name =` or `let name: Type =`.
        var j = k - 1
        if j >= 0, !tokens[j].isIdentifier {
            // A type annotation: walk back to its colon.
            var steps = 0
            while j >= 0, !tokens[j].is(":"), steps < 12 { j -= 1; steps += 1 }
            guard j >= 0, tokens[j].is(":") else { return false }
            j -= 1
        } else if j >= 2, tokens[j - 1].is(":") {
            j -= 2
        }
        return j >= 1 && tokens[j].isIdentifier && ["let", "var"].contains(tokens[j - 1].text)
    }

    /// For a construction: the object is only handed on, never kept or used by the code that builds it: it is an
    /// argument of another object's call or initializer (`pipeline.addHandler(Decoder())`, `Client(parser:
    /// Parser())`, `.success(Handle(fd))`), directly or through a local used for nothing else (`let handler =
    /// Handler(); try pipeline.addHandler(handler)`). What the code keeps (`self.engine = Engine()`,
    /// `super.init(engine: Engine())`, `configure(Engine())`) or calls (`Engine().start()`) is its own; what it
    /// returns is judged by what the member declares it returns.
    static func handedOn(_ tokens: [SwiftToken], at index: Int) -> Bool {
        let open = afterTypeName(tokens, at: index)
        guard open < tokens.count, tokens[open].is("(") else { return false }
        let close = matchingClose(tokens, open)
        guard close > open else { return false }
        var start = index
        // `Module.Type(...)`: the whole dotted name is the value's start.
        while start >= 2, tokens[start - 1].is("."), tokens[start - 2].isIdentifier, tokens[start - 2].isCapitalized { start -= 2 }
        if valueIsPassedAlong(tokens, start: start, end: close) { return true }
        guard let name = localName(tokens, valueStart: start), !followsOn(tokens, after: close) else { return false }
        // Every later use of the local, up to the end of its scope, passes it along.
        var depth = 0
        var passed = false
        var k = close + 1
        while k < tokens.count {
            let token = tokens[k]
            if token.kind != .string {
                if token.is("{") { depth += 1 } else if token.is("}") { depth -= 1; if depth < 0 { break } }
            }
            if token.isIdentifier, token.text == name, !(k > 0 && tokens[k - 1].is(".")) {
                if k + 1 < tokens.count, tokens[k + 1].is(":") { k += 1; continue }  // an argument label of the same name
                if k >= 1, ["let", "var"].contains(tokens[k - 1].text) { break }  // declared again: a new variable
                guard valueIsPassedAlong(tokens, start: k, end: k) else { return false }
                passed = true
            }
            k += 1
        }
        return passed
    }

    /// What follows a value's last token continues the expression: a member (`.start()`), a call, a subscript,
    /// an operator.
    static func followsOn(_ tokens: [SwiftToken], after end: Int) -> Bool {
        guard end + 1 < tokens.count else { return false }
        let next = tokens[end + 1]
        if next.newlineBefore && !next.is(".") { return false }
        if next.is(".") || next.is("(") || next.is("[") || next.is("{") { return true }
        if next.is("?") || next.is("!") { return end + 2 < tokens.count && tokens[end + 2].is(".") }
        return next.kind == .operator && !next.is(",") && !next.is(")") && !next.is("]")
    }

    /// The value from `start` to `end` is a whole argument of another object's call.
    static func valueIsPassedAlong(_ tokens: [SwiftToken], start: Int, end: Int) -> Bool {
        guard !followsOn(tokens, after: end) else { return false }
        var k = start - 1
        while k >= 0, tokens[k].isIdentifier, ["try", "await"].contains(tokens[k].text) { k -= 1 }
        if k >= 1, tokens[k].is("?") || tokens[k].is("!"), tokens[k - 1].text == "try" { k -= 2 }
        guard k >= 0 else { return false }
        // `label: value`.
        if tokens[k].is(":"), k >= 2, tokens[k - 1].isIdentifier, tokens[k - 2].is("(") || tokens[k - 2].is(",") { k -= 2 }
        guard tokens[k].is("(") || tokens[k].is(",") || tokens[k].is("[") else { return false }
        guard end + 1 < tokens.count, tokens[end + 1].is(",") || tokens[end + 1].is(")") || tokens[end + 1].is("]") else { return false }
        // The opening parenthesis of the argument list.
        var depth = 0
        while k >= 0 {
            let token = tokens[k]
            if token.kind != .string {
                if token.is(")") || token.is("]") || token.is("}") { depth += 1 }
                else if token.is("(") || token.is("[") || token.is("{") {
                    if depth == 0 { break }
                    depth -= 1
                }
            }
            k -= 1
        }
        // An element of an array literal that is itself passed along (`pipeline.addHandlers([a, b])`).
        if k >= 1, tokens[k].is("[") {
            let close = matchingClose(tokens, k)
            return close > k && valueIsPassedAlong(tokens, start: k, end: close)
        }
        guard k >= 1, tokens[k].is("(") else { return false }
        // The callee: another type's initializer, an enum case or static member (`.success(`), or a method of
        // an object other than this one. A call of a bare name (one of this type's own methods, or a free
        // function) and `self.`/`super.` calls keep what they are given.
        var callee = k - 1
        if tokens[callee].text.hasSuffix(">"), tokens[callee].kind == .operator || tokens[callee].kind == .punctuation {
            var angle = 0
            while callee >= 0 {
                let text = tokens[callee].text
                angle += text.filter { $0 == ">" }.count - text.filter { $0 == "<" }.count
                if angle <= 0, text.contains("<") { break }
                callee -= 1
            }
            callee -= 1
        }
        guard callee >= 0, tokens[callee].isIdentifier else { return false }
        if tokens[callee].isCapitalized { return tokens[callee].text != "Self" }
        guard callee >= 1, tokens[callee - 1].is(".") else { return false }
        guard callee >= 2 else { return true }
        let before = tokens[callee - 2]
        if !(before.isIdentifier || before.is(")") || before.is("]") || before.is("?") || before.is("!")) { return true }  // `.success(`
        if before.isIdentifier, ["self", "super", "Self"].contains(before.text), !(callee >= 3 && tokens[callee - 3].is(".")) { return false }
        return true
    }

    /// `let name = <value at valueStart>` (or `var`, with or without a type annotation): the local's name.
    static func localName(_ tokens: [SwiftToken], valueStart: Int) -> String? {
        var k = valueStart - 1
        while k >= 0, tokens[k].isIdentifier, ["try", "await"].contains(tokens[k].text) { k -= 1 }
        if k > 0, tokens[k].is("?") || tokens[k].is("!"), tokens[k - 1].text == "try" { k -= 2 }
        guard k >= 1, tokens[k].is("=") else { return nil }
        var j = k - 1
        if j >= 0, !tokens[j].isIdentifier {
            var steps = 0
            while j >= 0, !tokens[j].is(":"), steps < 12 { j -= 1; steps += 1 }
            guard j >= 0, tokens[j].is(":") else { return nil }
            j -= 1
        } else if j >= 2, tokens[j - 1].is(":") {
            j -= 2
        }
        guard j >= 1, tokens[j].isIdentifier, ["let", "var"].contains(tokens[j - 1].text) else { return nil }
        return tokens[j].text
    }

    /// For a call that only packages what it is given (`Box(credential: credential, queue: self.queue)`,
    /// `Form(limit: 10, manager: manager)`): the names its arguments start from (`credential`, `self`,
    /// `manager`). Nil when it has no arguments, or when an argument computes, reaches or builds anything
    /// else (a call, a closure, an operator, a capitalized name).
    static func handedArguments(_ tokens: [SwiftToken], at index: Int) -> [String]? {
        let open = afterTypeName(tokens, at: index)
        guard open < tokens.count, tokens[open].is("(") else { return nil }
        let close = matchingClose(tokens, open)
        guard close > open + 1 else { return nil }
        var roots: [String] = []
        var k = open + 1
        var expectValue = true
        while k < close {
            let token = tokens[k]
            // `label:` before an argument.
            if expectValue, token.isIdentifier, k + 1 < close, tokens[k + 1].is(":") { k += 2; continue }
            if expectValue {
                if token.kind == .number || token.kind == .string || (token.isIdentifier && ["nil", "true", "false"].contains(token.text)) {
                    k += 1
                } else if token.is("."), k + 1 < close, tokens[k + 1].isIdentifier, tokens[k + 1].text.first?.isLowercase == true {
                    k += 2  // `.utf8`, an implicit member (a case or a static value of the parameter's type)
                } else if token.isIdentifier, token.text.first?.isLowercase == true || token.text == "self" || token.text.hasPrefix("$") {
                    roots.append(token.text)
                    k += 1
                    while k + 1 < close, tokens[k].is("."), tokens[k + 1].isIdentifier, tokens[k + 1].text.first?.isLowercase == true { k += 2 }
                } else if token.kind == .string {
                    k += 1
                } else if token.is("["), k + 1 < close, tokens[k + 1].is("]") {
                    k += 2  // `[]`
                } else if token.is("["), k + 2 < close, tokens[k + 1].is(":"), tokens[k + 2].is("]") {
                    k += 3  // `[:]`
                } else if token.isIdentifier, token.text.first?.isUppercase == true {
                    // A value built from handed parts: `Protected(MutableState(credential: credential))`.
                    let after = afterTypeName(tokens, at: k)
                    guard after < close, tokens[after].is("("), let inner = handedArguments(tokens, at: k) ?? (tokens[after + 1].is(")") ? [] : nil) else { return nil }
                    roots += inner
                    k = matchingClose(tokens, after) + 1
                } else {
                    return nil
                }
                expectValue = false
                continue
            }
            if token.is(",") { expectValue = true; k += 1; continue }
            if token.kind == .string { k += 1; continue }  // the rest of a string literal's pieces
            return nil
        }
        // A name a closure or a loop around the call binds (`$0`, `{ proto in ... }`, `for field in fields`) is one
        // element of what is walked: marked `$name`, so the analysis can tell data walked from a local it built.
        if roots.contains(where: { !$0.hasPrefix("$") && $0 != "self" }) {
            let bound = elementNames(tokens, around: index)
            if !bound.isEmpty { roots = roots.map { bound.contains($0) ? "$" + $0 : $0 } }
        }
        return roots
    }

    /// The names the closures and `for` loops around `index` bind to each element they walk: a closure's
    /// parameters (`{ (index, proto) in`, `{ proto in`) and a loop's pattern (`for (index, field) in`). Looks back
    /// at most a few thousand tokens, so a long file costs no more than a long member.
    static func elementNames(_ tokens: [SwiftToken], around index: Int) -> Set<String> {
        var names: Set<String> = []
        var depth = 0
        var k = index - 1
        let limit = max(0, index - 4000)
        while k >= limit {
            let token = tokens[k]
            if token.is("}") || token.is(")") || token.is("]") { depth += 1 } else if token.is("(") || token.is("[") {
                depth = max(0, depth - 1)
            } else if token.is("{") {
                if depth > 0 { depth -= 1; k -= 1; continue }
                names.formUnion(closureParameters(tokens, open: k))
                names.formUnion(loopPattern(tokens, open: k))
            }
            k -= 1
        }
        return names
    }

    /// `{ [weak self] (a, b: Int) throws -> T in` or `{ a, b in`: the parameter names; empty for a block that is
    /// no closure with named parameters.
    static func closureParameters(_ tokens: [SwiftToken], open: Int) -> [String] {
        var k = open + 1
        guard k < tokens.count else { return [] }
        if tokens[k].is("[") { k = matchingClose(tokens, k) + 1 }
        guard k < tokens.count else { return [] }
        var names: [String] = []
        if tokens[k].is("(") {
            let close = matchingClose(tokens, k)
            var expectName = true
            var inner = 0
            for j in (k + 1)..<close {
                let token = tokens[j]
                if token.is("(") || token.is("[") || token.is("<") { inner += 1 } else if token.is(")") || token.is("]") || token.is(">") { inner -= 1 }
                if inner == 0, token.is(",") { expectName = true; continue }
                if expectName, inner == 0, token.isIdentifier {
                    // `label name: Type` names the second; `name: Type` or `name` the first.
                    if j + 1 < close, tokens[j + 1].isIdentifier { continue }
                    if token.text != "_" { names.append(token.text) }
                    expectName = false
                }
            }
            k = close + 1
        } else {
            while k + 1 < tokens.count, tokens[k].isIdentifier, tokens[k].text != "in" {
                if tokens[k].text != "_" { names.append(tokens[k].text) }
                if tokens[k + 1].is(",") { k += 2 } else { k += 1; break }
            }
        }
        // Effects and a result type may stand between the parameters and `in`.
        var steps = 0
        while k < tokens.count, steps < 12, !tokens[k].is("in"), !tokens[k].is("{"), !tokens[k].is("}") { k += 1; steps += 1 }
        return k < tokens.count && tokens[k].is("in") ? names : []
    }

    /// `for (index, field) in fields.enumerated() {`: the names the loop binds, for the block opening at `open`.
    static func loopPattern(_ tokens: [SwiftToken], open: Int) -> [String] {
        var k = open - 1
        var depth = 0
        var steps = 0
        while k >= 0, steps < 200 {
            let token = tokens[k]
            if token.is(")") || token.is("]") { depth += 1 } else if token.is("(") || token.is("[") { depth -= 1 }
            if depth == 0, token.is("{") || token.is("}") || token.is(";") { return [] }
            if depth == 0, token.is("for") {
                var names: [String] = []
                var j = k + 1
                while j < open, !tokens[j].is("in") {
                    if tokens[j].isIdentifier, !["case", "let", "var", "_", "try", "await"].contains(tokens[j].text) { names.append(tokens[j].text) }
                    j += 1
                }
                return j < open ? names : []
            }
            k -= 1
            steps += 1
        }
        return []
    }

    static func callWithoutArguments(_ tokens: [SwiftToken], at index: Int) -> Bool {
        let k = afterTypeName(tokens, at: index)
        return k + 1 < tokens.count && tokens[k].is("(") && tokens[k + 1].is(")")
    }

    /// The label of the first argument of the call at `index`: `contentsOf` in `Data(contentsOf: url)`.
    static func firstArgumentLabel(_ tokens: [SwiftToken], at index: Int) -> String? {
        let k = afterTypeName(tokens, at: index)
        guard k + 2 < tokens.count, tokens[k].is("("), tokens[k + 1].isIdentifier, tokens[k + 2].is(":") else { return nil }
        return tokens[k + 1].text
    }

    /// `WCSession.default.activate()`, `Thread.current.name`: the member `member` of the path at `index` (called or
    /// not) is asked for something in turn: the code uses the object it names, not a value it compares or keeps.
    static func usedAsReceiver(_ tokens: [SwiftToken], at index: Int, member: String) -> Bool {
        var k = index
        while k < tokens.count, tokens[k].text != member {
            guard k + 2 < tokens.count, tokens[k].isIdentifier, tokens[k + 1].is("."), tokens[k + 2].isIdentifier else { return false }
            k += 2
        }
        guard k < tokens.count else { return false }
        k += 1
        if k < tokens.count, tokens[k].is("("), !tokens[k].newlineBefore { k = matchingClose(tokens, k) + 1 }
        while k < tokens.count, tokens[k].is("?") || tokens[k].is("!") { k += 1 }
        return k + 1 < tokens.count && tokens[k].is(".") && tokens[k + 1].isIdentifier
    }

    /// The variables the code may write, as `Base|name`: assigned (`=`, `+=`), through a subscript or a property of
    /// theirs (`Config.current.size = 2`, `Self.cache[key] = value`), passed `inout` (`&count`), or sent a method
    /// call that may be a mutating one (`Sizes.all.append(4)`). `Base` is the type path written before the name
    /// (`Config`, `Self` for `self.` and `Self.`), empty for a bare name. A plain read writes nothing.
    static func writtenVariables(_ tokens: [SwiftToken]) -> Set<String> { variableUses(tokens).written }

    /// The variables the code writes (see `writtenVariables`) and those it reads somewhere for their value: a use that
    /// neither assigns, nor takes the address, nor calls a method on what it holds (`Self.calls += 1` only writes).
    static func variableUses(_ tokens: [SwiftToken]) -> (written: Set<String>, read: Set<String>) {
        func isAssignment(_ token: SwiftToken) -> Bool {
            token.kind == .operator && (token.text == "=" || (token.text.count >= 2 && token.text.hasSuffix("=")
                && !["==", "!=", "<=", ">=", "===", "!=="].contains(token.text)))
        }
        var written: Set<String> = []
        var read: Set<String> = []
        var index = 0
        while index < tokens.count {
            let start = tokens[index]
            guard start.isIdentifier, index == 0 || !tokens[index - 1].is(".") else { index += 1; continue }
            // The chain `A.B.name.more`: the type path, then the variable (the first name that is not a type).
            var components = [start.text]
            var k = index + 1
            while k + 1 < tokens.count, tokens[k].is("."), tokens[k + 1].isIdentifier { components.append(tokens[k + 1].text); k += 2 }
            var base: [String] = []
            var variable: Int?
            for (position, name) in components.enumerated() {
                if position == 0 && (name == "self" || name == "Self") { base = ["Self"]; continue }
                if name.first?.isUppercase == true && variable == nil && (base.isEmpty || base != ["Self"]) { base.append(name); continue }
                variable = position
                break
            }
            // A declaration (`let x = 1`, `static var all = [...]`) gives a first value; it writes nothing.
            let declared = index > 0 && (tokens[index - 1].is("let") || tokens[index - 1].is("var"))
            guard let variable, !declared else { index = k; continue }
            let key = base.joined(separator: ".") + "|" + components[variable]
            var writes = index > 0 && tokens[index - 1].is("&")
            // A call on the variable itself is a method of the type (`Toggle.flip()`); on something after it, it may mutate it.
            var after = components.count - 1 - variable
            var m = k
            while !writes && m < tokens.count {
                let token = tokens[m]
                if isAssignment(token) { writes = true; break }
                if token.is("?") || token.is("!") { m += 1; continue }
                if token.is("["), !token.newlineBefore { m = matchingClose(tokens, m) + 1; after += 1; continue }
                if token.is("("), !token.newlineBefore, after > 0 { writes = true; break }
                if token.is("."), m + 2 < tokens.count, tokens[m + 1].isIdentifier {
                    if tokens[m + 2].is("("), !tokens[m + 2].newlineBefore { writes = true; break }
                    after += 1; m += 2; continue
                }
                break
            }
            if writes { written.insert(key) } else { read.insert(key) }
            index = k
        }
        return (written, read)
    }

    /// `delegate ?? DefaultDelegate()`, `self.clock ?? SystemClock()`: the name the construction at `index` stands in for.
    static func fallbackOf(_ tokens: [SwiftToken], at index: Int) -> String? {
        guard index >= 2, tokens[index - 1].text == "??", tokens[index - 2].isIdentifier else { return nil }
        return tokens[index - 2].text
    }

    /// Calls that reach for the process-wide random source when written without a generator.
    static let unseededRandomCalls: Set<String> = ["shuffled", "shuffle", "randomElement"]
    /// Calls that touch the file system whatever value they are made on (Foundation's API for it): writing a value to
    /// a file (`data.write(to: url)`, `text.write(toFile: path, atomically: true, encoding: .utf8)`, a file wrapper's
    /// `write(to:options:originalContentsURL:)`), and a URL's resource values asked of or set on the disk.
    static let fileSystemCalls: [String: Set<String>] = [
        "write": ["to", "toFile", "toURL"], "resourceValues": ["forKeys"], "setResourceValues": ["_"],
        "checkResourceIsReachable": [], "checkPromisedItemIsReachable": [],
    ]

    /// Whether the name at `index` (after a dot) calls one of `fileSystemCalls` by its shape: its first argument's
    /// label, and a value written, not a stream handed `inout` (`"text".write(to: &output)` prints).
    static func isFileSystemCall(_ tokens: [SwiftToken], at index: Int) -> Bool {
        guard index > 0, tokens[index - 1].is("."), let labels = fileSystemCalls[tokens[index].text],
              index + 1 < tokens.count, tokens[index + 1].is("(") else { return false }
        let open = index + 1
        if labels.isEmpty { return open + 1 < tokens.count && tokens[open + 1].is(")") }
        if open + 2 < tokens.count, tokens[open + 1].isIdentifier, tokens[open + 2].is(":") {
            return labels.contains(tokens[open + 1].text) && !(open + 3 < tokens.count && tokens[open + 3].is("&"))
        }
        return labels.contains("_") && open + 1 < tokens.count && !tokens[open + 1].is(")")
    }

    /// Calls that schedule work after a delay on the real clock, and the platform queues they are made on.
    static let scheduledWaitCalls: Set<String> = ["asyncAfter"]
    static let platformQueues: Set<String> = ["DispatchQueue"]

    /// Whether the receiver ending just before the dot at `dot` starts at a platform queue:
    /// `DispatchQueue.main`, `DispatchQueue.global(qos: .utility)`, read backwards over names, dots and one call's parentheses.
    static func receiverIsPlatformQueue(_ tokens: [SwiftToken], dotAt dot: Int) -> Bool {
        var k = dot - 1
        while k >= 0 {
            if tokens[k].is(")") {
                var depth = 0
                while k >= 0 {
                    if tokens[k].is(")") { depth += 1 } else if tokens[k].is("(") { depth -= 1; if depth == 0 { break } }
                    k -= 1
                }
                k -= 1
                continue
            }
            guard tokens[k].isIdentifier else { return false }
            if k == 0 || !tokens[k - 1].is(".") { return platformQueues.contains(tokens[k].text) }
            k -= 2
        }
        return false
    }

    /// The capitalized names in a written type, a dotted path as one name: `NSEvent.ModifierFlags` names the type
    /// nested in `NSEvent`, not `NSEvent` (`Engine.Type` and `Engine.Protocol` name `Engine`'s metatypes: `Engine`).
    static func capitalizedNames(_ tokens: [SwiftToken]) -> [String] {
        var names: [String] = []
        var k = 0
        while k < tokens.count {
            let token = tokens[k]
            guard token.isCapitalized, k == 0 || !tokens[k - 1].is(".") else { k += 1; continue }
            var path = token.text
            var end = k + 1
            while end + 1 < tokens.count, tokens[end].is("."), tokens[end + 1].isCapitalized,
                  !["Type", "Protocol"].contains(tokens[end + 1].text) {
                path += "." + tokens[end + 1].text
                end += 2
            }
            // `Self.Key` is the type's own nested `Key`.
            if path.hasPrefix("Self.") { path.removeFirst(5) }
            if !names.contains(path) && !["Self", "Any", "Type", "Protocol"].contains(path) { names.append(path) }
            k = end
        }
        return names
    }

    /// The inheritance clause starting after a type's name: names up to `{` or `where`.
    static func inheritance(_ tokens: [SwiftToken], after nameIndex: Int) -> (names: [String], brace: Int?, unchecked: Bool) {
        var index = nameIndex + 1
        if index < tokens.count, tokens[index].is("<") { index = matchingClose(tokens, index) + 1 }
        var names: [String] = []
        var expectName = false
        var unchecked = false
        var depth = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.is("{") && depth == 0 { return (names, index, unchecked) }
            if token.is("}") || (token.isIdentifier && TokenReader.declarationKeywords.contains(token.text) && token.newlineBefore) { return (names, nil, unchecked) }
            if token.is("@"), index + 1 < tokens.count, tokens[index + 1].isIdentifier {
                // `@unchecked Sendable`, `@preconcurrency P`: the attribute is not a name in the clause.
                if tokens[index + 1].text == "unchecked" { unchecked = true }
                index += 2
                continue
            }
            if token.is("<") || token.is("(") { depth += 1 }
            if token.is(">") || token.is(")") { depth -= 1 }
            if token.is(":") && depth == 0 && names.isEmpty { expectName = true }
            else if token.is(",") && depth == 0 { expectName = true }
            else if token.is("where") { expectName = false }
            else if expectName && token.isIdentifier && !["any", "some"].contains(token.text) {
                var name = token.text
                var k = index
                while k + 2 < tokens.count, tokens[k + 1].is("."), tokens[k + 2].isIdentifier {
                    name += "." + tokens[k + 2].text; k += 2
                }
                names.append(name)
                expectName = false
                index = k
            }
            index += 1
        }
        return (names, nil, unchecked)
    }

    /// For a property whose name token is at `nameIndex`: its type's names,
    /// the call its initial value starts with, and whether it has accessors.
    /// The modifiers before the `var`/`let` keyword of the property named at `nameIndex` include `private` or
    /// `fileprivate` (`private(set)` limits only the setter).
    static func declaredPrivate(_ tokens: [SwiftToken], nameIndex: Int) -> Bool {
        var k = nameIndex - 2
        while k >= 0, k >= nameIndex - 12 {
            let token = tokens[k]
            if token.is(")") { k -= 4; continue }  // `private(set)`, `nonisolated(unsafe)`: the modifier and its argument
            guard token.isIdentifier, TokenReader.modifiers.contains(token.text) else { return false }
            if token.text == "private" || token.text == "fileprivate" { return true }
            if token.newlineBefore { return false }
            k -= 1
        }
        return false
    }

    /// `public var`, `open var` without a narrower setter (`public private(set) var`): code outside the module may set it.
    static func settableOutside(_ tokens: [SwiftToken], nameIndex: Int) -> Bool {
        var k = nameIndex - 2
        var visible = false
        while k >= 0, k >= nameIndex - 12 {
            let token = tokens[k]
            if token.is(")") {
                // `private(set)`, `internal(set)`, `fileprivate(set)`: the setter stays inside.
                if k >= 3, tokens[k - 1].text == "set", ["private", "fileprivate", "internal"].contains(tokens[k - 3].text) { return false }
                k -= 4; continue
            }
            guard token.isIdentifier, TokenReader.modifiers.contains(token.text) else { break }
            if token.text == "public" || token.text == "open" { visible = true }
            if token.newlineBefore { break }
            k -= 1
        }
        return visible
    }

    /// The type written after `name:` when it is a plain path (see `plainTypePath`).
    static func declaredTypePath(_ tokens: [SwiftToken], nameIndex: Int) -> String? {
        guard nameIndex + 1 < tokens.count, tokens[nameIndex + 1].is(":") else { return nil }
        return plainTypePath(tokens, from: nameIndex + 2)
    }

    /// A type written as a plain path from `start`: `Workspace.Prebuilts`, `any Store` (`Store`), `Cache<Int>?`
    /// (`Cache`), ending where the type ends (`=`, `{`, `;`, `}`, `,`, `)`, a new line). Nil for anything else:
    /// an array, a dictionary, a tuple, a function type, a composition.
    static func plainTypePath(_ tokens: [SwiftToken], from start: Int) -> String? {
        var k = start
        while k < tokens.count, tokens[k].is("any") || tokens[k].is("some") { k += 1 }
        var path: [String] = []
        while k < tokens.count, tokens[k].isIdentifier, tokens[k].isCapitalized || tokens[k].text.first == "_" {
            path.append(tokens[k].text)
            k += 1
            if k + 1 < tokens.count, tokens[k].is("."), tokens[k + 1].isIdentifier, tokens[k + 1].isCapitalized { k += 1 } else { break }
        }
        guard !path.isEmpty, !["Self", "Any", "Optional"].contains(path[0]) else { return nil }
        if k < tokens.count, tokens[k].text.hasPrefix("<"), !tokens[k].newlineBefore {
            guard let after = afterGenericArguments(tokens, k) else { return nil }
            k = after
        }
        while k < tokens.count, !tokens[k].newlineBefore, tokens[k].text == "?" || tokens[k].text == "!" { k += 1 }
        guard k >= tokens.count || tokens[k].newlineBefore
                || ["=", "{", ";", "}", ",", ")"].contains(tokens[k].text) else { return nil }
        return path.joined(separator: ".")
    }

    /// `name: Self` followed by `=`, `{` or the end of the declaration.
    static func declaredAsSelf(_ tokens: [SwiftToken], nameIndex: Int) -> Bool {
        guard nameIndex + 2 < tokens.count, tokens[nameIndex + 1].is(":"), tokens[nameIndex + 2].text == "Self" else { return false }
        guard nameIndex + 3 < tokens.count else { return true }
        let next = tokens[nameIndex + 3]
        return next.is("=") || next.is("{") || next.newlineBefore || next.is(";") || next.is("}")
    }

    static func propertyShape(_ tokens: [SwiftToken], nameIndex: Int) -> (typeNames: [String], initialCall: String?, initialValue: Range<Int>?, accessors: Int?) {
        var index = nameIndex + 1
        var typeNames: [String] = []
        if index < tokens.count, tokens[index].is(":") {
            var end = index + 1
            var depth = 0
            while end < tokens.count {
                let token = tokens[end]
                if depth == 0 && (token.is("=") || token.is("{") || token.is(";") || token.is("}")) { break }
                if depth == 0 && token.newlineBefore && end > index + 1 && !token.is(".") && !token.is("&") && !token.is("->") && !token.is("?") && !token.is("<") && !token.is(">") { break }
                if token.is("(") || token.is("[") || token.is("<") { depth += 1 }
                if token.is(")") || token.is("]") || token.is(">") { depth -= 1 }
                end += 1
            }
            typeNames = capitalizedNames(Array(tokens[(index + 1)..<end]))
            index = end
        }
        guard index < tokens.count else { return (typeNames, nil, nil, nil) }
        if tokens[index].is("{") { return (typeNames, nil, nil, index) }
        guard tokens[index].is("=") else { return (typeNames, nil, nil, nil) }
        let valueStart = index + 1
        let valueEnd = expressionEnd(tokens, from: valueStart)
        var call: String?
        var k = valueStart
        while k < valueEnd, tokens[k].isIdentifier, ["try", "await"].contains(tokens[k].text) { k += 1 }
        /// Past a generic argument clause (`<MultiTarget>`, `<String, [Int]>`) at `j`, or `j` itself when there is none.
        func pastGenericArguments(_ j: Int) -> Int {
            guard j < valueEnd, tokens[j].is("<") else { return j }
            var depth = 0
            var m = j
            while m < valueEnd {
                let token = tokens[m]
                if token.is("<") { depth += 1 } else if token.is(">") || token.is(">>") {
                    depth -= token.is(">>") ? 2 : 1
                    if depth <= 0 { return depth == 0 ? m + 1 : j }
                } else if !(token.isIdentifier || token.is(",") || token.is(".") || token.is("?") || token.is("[") || token.is("]") || token.is(":")) {
                    return j
                }
                m += 1
            }
            return j
        }
        if k < valueEnd, tokens[k].isCapitalized || tokens[k].is(".") {
            var name = tokens[k].is(".") ? "" : tokens[k].text
            var j = pastGenericArguments(k + 1)
            while j + 1 < valueEnd, tokens[j].is("."), tokens[j + 1].isCapitalized || tokens[j + 1].text == "init" {
                if tokens[j + 1].text != "init" { name += (name.isEmpty ? "" : ".") + tokens[j + 1].text }
                j = pastGenericArguments(j + 2)
            }
            if j < valueEnd, tokens[j].is("(") { call = name.isEmpty ? "Self" : name }
        }
        return (typeNames, call, valueStart..<valueEnd, nil)
    }

    /// Where an expression starting at `start` ends: a new line that does not
    /// continue it, a `;`, or a bracket that closes an outer one.
    static func expressionEnd(_ tokens: [SwiftToken], from start: Int) -> Int {
        var depth = 0
        var index = start
        while index < tokens.count {
            let token = tokens[index]
            if token.kind != .string {
                if depth == 0 && index > start && token.newlineBefore {
                    let continues = token.is(".") || (token.kind == .operator && !token.is("<")) || token.is("?") || (token.isIdentifier && ["as", "is"].contains(token.text))
                    let previous = tokens[index - 1]
                    let dangling = previous.kind == .operator || previous.is("(") || previous.is(",") || previous.is("[")
                    if !continues && !dangling { return index }
                }
                if depth == 0 && (token.is(";") || token.is(",")) { return index }
                if ["(", "[", "{"].contains(token.text) { depth += 1 }
                if [")", "]", "}"].contains(token.text) {
                    if depth == 0 { return index }
                    depth -= 1
                }
            }
            index += 1
        }
        return tokens.count
    }

    /// The references in `range`, in order: `Type.member`, `Type(...)`, and lone lowercase names.
    static func references(_ tokens: [SwiftToken], in range: Range<Int>, skipping skipped: (Int) -> Bool = { _ in false }) -> [(CodeReference.Shape, Int)] {
        var found: [(CodeReference.Shape, Int)] = []
        var index = range.lowerBound
        while index < range.upperBound {
            defer { index += 1 }
            if skipped(index) { continue }
            let token = tokens[index]
            // `#selector(app.quit)`, `#keyPath(model.name)`: a name the compiler checks, not a read of anything.
            let names = ["selector", "keyPath"]
            if token.kind == .directive && names.contains(String(token.text.drop { $0 == "#" }))
                || token.isIdentifier && names.contains(token.text) && index > 0 && tokens[index - 1].is("#") {
                if index + 1 < range.upperBound, tokens[index + 1].is("(") { index = min(TokenTools.matchingClose(tokens, index + 1), range.upperBound - 1) }
                continue
            }
            guard token.isIdentifier else { continue }
            let previous = index > 0 ? tokens[index - 1] : nil
            if let previous, previous.is("."), TokenTools.unseededRandomCalls.contains(token.text),
               index + 2 < tokens.count, tokens[index + 1].is("("), tokens[index + 2].is(")") {
                found.append((.member(base: "", member: token.text), index))
                continue
            }
            if let previous, previous.is("."), TokenTools.isFileSystemCall(tokens, at: index) {
                found.append((.member(base: "", member: token.text), index))
                continue
            }
            if let previous, previous.is("."), TokenTools.scheduledWaitCalls.contains(token.text),
               index + 1 < tokens.count, tokens[index + 1].is("("), TokenTools.receiverIsPlatformQueue(tokens, dotAt: index - 1) {
                found.append((.member(base: "", member: token.text), index))
                continue
            }
            if let previous, previous.is(".") || previous.is("@") || previous.is("#") { continue }
            if let previous, previous.isIdentifier, ["var", "let", "func", "case", "class", "struct", "enum", "protocol", "actor", "extension", "typealias", "import", "associatedtype"].contains(previous.text) { continue }
            let next = index + 1 < range.upperBound ? tokens[index + 1] : nil
            if token.isCapitalized {
                var base = token.text
                var k = index
                while k + 2 < range.upperBound, tokens[k + 1].is("."), tokens[k + 2].isCapitalized {
                    base += "." + tokens[k + 2].text; k += 2
                }
                // `V8Engine.self.shared` is `V8Engine.shared`.
                if k + 4 < range.upperBound, tokens[k + 1].is("."), tokens[k + 2].text == "self", tokens[k + 3].is("."),
                   tokens[k + 4].isIdentifier, !tokens[k + 4].isCapitalized, tokens[k + 4].text != "init" {
                    k += 2
                }
                if k + 2 < range.upperBound, tokens[k + 1].is("."), tokens[k + 2].isIdentifier, !tokens[k + 2].isCapitalized {
                    let member = tokens[k + 2].text
                    if member == "init" {
                        found.append((.construction(type: base), index))
                    } else if member != "self" && member != "Type" {
                        found.append((.member(base: base, member: member), index))
                    }
                    index = k + 2
                } else if k + 1 < range.upperBound, tokens[k + 1].is("("), !tokens[k + 1].newlineBefore {
                    found.append((.construction(type: base), index))
                    index = k
                } else if k + 1 < range.upperBound, tokens[k + 1].is("["), !tokens[k + 1].newlineBefore {
                    // `Defaults[.key]`: a subscript of the type itself, a static subscript.
                    found.append((.member(base: base, member: "subscript"), index))
                    index = k
                } else if k + 1 < range.upperBound, tokens[k + 1].text.hasPrefix("<"), !tokens[k + 1].newlineBefore,
                          let after = TokenTools.afterGenericArguments(tokens, k + 1), after < range.upperBound,
                          tokens[after].is("("), !tokens[after].newlineBefore {
                    // `Cache<Value>(...)`: a construction with explicit generic arguments.
                    found.append((.construction(type: base), index))
                    index = after - 1
                } else {
                    // The platform's application object written bare (`NSApp as Any`, `return NSApp`).
                    if k == index, DependencyAnalyzer.systemGlobals.contains(base), next.map({ !$0.is(":") }) ?? true { found.append((.name(base), index)) }
                    index = k
                }
            } else if next.map({ !$0.is(":") || (previous?.is("?") ?? false) }) ?? true {
                found.append((.name(token.text), index))
            }
        }
        return found
    }
}

/// The token reader's walk: a stack of scopes (file, type, member, plain braces).
struct TokenScanner {
    let tokens: [SwiftToken]
    let file: String
    let lines: LineIndex
    var model = CodeModel()
    var offsetOfType: [String: Int] = [:]
    var offsetOfMember: [String: Int] = [:]
    /// `main.swift` holds the program's top-level code; in other files a global's initial value is not.
    var isMainFile: Bool { file == "main.swift" || file.hasSuffix("/main.swift") }

    struct Scope {
        enum Kind { case file, type(String, TypeKind), member(String, isStatic: Bool, context: ReferenceContext), braces }
        var kind: Kind
        var closeIndex: Int
    }
    var inConvenienceInit = false
    /// Bodies whose declared result type is known (functions with `->`, computed properties).
    var resultTypes: [(body: Range<Int>, types: [String])] = []

    init(tokens: [SwiftToken], file: String, lines: LineIndex) {
        self.tokens = tokens
        self.file = file
        self.lines = lines
    }

    mutating func scanAll() {
        scan(0..<tokens.count, owner: nil, typeKind: nil, member: nil, isStatic: false, context: .topLevel)
    }

    /// Scans a run of tokens that belongs to one scope.
    mutating func scan(_ range: Range<Int>, owner: String?, typeKind: TypeKind?, member: String?, isStatic: Bool, context: ReferenceContext, inConvenienceInit: Bool = false) {
        let inTypeBody = owner != nil && member == nil
        let atFileScope = owner == nil && member == nil
        var index = range.lowerBound
        var sawStatic = false
        var sawConvenience = false
        var attributes: [String] = []
        var plain: [Int] = []
        func flush(_ scanner: inout TokenScanner) {
            scanner.record(plain, owner: owner, member: member, isStatic: isStatic, context: context, inConvenienceInit: inConvenienceInit)
            plain.removeAll()
        }
        func declared(_ end: Int) {
            index = end + 1; sawStatic = false; sawConvenience = false; attributes = []
        }
        while index < range.upperBound {
            let token = tokens[index]
            let previousIsDot = index > 0 && tokens[index - 1].is(".")
            // `import struct TSCBasic.FileSystemError`: the kind names what is imported; it declares nothing.
            if token.isIdentifier, index > 0, tokens[index - 1].is("import"), TokenTools.importKinds.contains(token.text) {
                index += 1; continue
            }
            if token.isIdentifier && !previousIsDot {
                // Modifiers before a declaration. `nonisolated(unsafe)` is one modifier, and it is kept with the
                // attributes: it silences the compiler's check of shared mutable state.
                if token.text == "nonisolated", index + 3 < range.upperBound, tokens[index + 1].is("("), !tokens[index + 1].newlineBefore,
                   tokens[index + 2].text == "unsafe", tokens[index + 3].is(")"), inTypeBody || atFileScope {
                    attributes.append("nonisolated(unsafe)")
                    index += 4; continue
                }
                if token.text == "static" || (token.text == "class" && index + 1 < range.upperBound && ["func", "var", "let", "subscript"].contains(tokens[index + 1].text)) {
                    sawStatic = true; index += 1; continue
                }
                if token.text == "convenience" { sawConvenience = true }
                if let kind = TokenReader.typeKeywords[token.text], let end = typeDeclaration(at: index, kind: kind, owner: owner, range: range) {
                    flush(&self)
                    declared(end); continue
                }
                if ["func", "init", "deinit", "subscript"].contains(token.text),
                   let end = functionDeclaration(at: index, owner: owner, typeKind: typeKind, isStatic: sawStatic || isStatic, range: range, enclosingContext: context, inTypeBody: inTypeBody || atFileScope,
                                                 convenience: sawConvenience, attributes: attributes) {
                    flush(&self)
                    declared(end); continue
                }
                if (token.text == "var" || token.text == "let") && (inTypeBody || atFileScope),
                   let end = propertyDeclaration(at: index, owner: owner, isStatic: sawStatic, range: range, attributes: attributes) {
                    flush(&self)
                    declared(end); continue
                }
                if token.text == "typealias", inTypeBody || atFileScope, let end = typeAlias(at: index, owner: owner, range: range) {
                    flush(&self)
                    declared(end); continue
                }
                if !TokenReader.modifiers.contains(token.text) && token.text != "convenience" { sawStatic = false; sawConvenience = false; attributes = [] }
            }
            if token.is("@"), index + 1 < range.upperBound, tokens[index + 1].isIdentifier, inTypeBody || atFileScope {
                attributes.append(tokens[index + 1].text)
                if index + 2 < range.upperBound, tokens[index + 2].is("("), !tokens[index + 2].newlineBefore {
                    // A property wrapper's or attribute's arguments.
                    flush(&self)
                    let close = TokenTools.matchingClose(tokens, index + 2)
                    record(Array((index + 3)..<close), owner: owner, member: nil, isStatic: false, context: .attribute)
                    index = close + 1; continue
                }
                index += 2; continue
            }
            if token.is("{") {
                // A closure or a statement's block: same scope, scanned as its own run.
                flush(&self)
                let close = min(TokenTools.matchingClose(tokens, index), range.upperBound - 1)
                scan((index + 1)..<close, owner: owner, typeKind: typeKind, member: member, isStatic: isStatic, context: context, inConvenienceInit: inConvenienceInit)
                index = close + 1; continue
            }
            plain.append(index)
            index += 1
        }
        flush(&self)
    }

    mutating func record(_ indices: [Int], owner: String?, member: String?, isStatic: Bool, context: ReferenceContext,
                         inConvenienceInit: Bool = false, contextTypes: [String] = []) {
        guard let first = indices.first, let last = indices.last else { return }
        let allowed = Set(indices)
        for (shape, at) in TokenTools.references(tokens, in: first..<(last + 1), skipping: { !allowed.contains($0) }) {
            model.references.append(CodeReference(
                shape: shape, owner: owner, member: member, memberIsStatic: isStatic, context: context,
                file: file, offset: tokens[at].offset, line: lines.line(of: tokens[at].offset),
                withoutArguments: TokenTools.callWithoutArguments(tokens, at: at),
                firstArgumentLabel: TokenTools.firstArgumentLabel(tokens, at: at), inConvenienceInit: inConvenienceInit,
                isTemporary: TokenTools.isTemporary(tokens, at: at), handedArguments: TokenTools.handedArguments(tokens, at: at),
                handedOn: { if case .construction = shape { return TokenTools.handedOn(tokens, at: at) } else { return false } }(),
                addressTaken: at > 0 && tokens[at - 1].is("&"),
                writes: {
                    if case .member(_, "subscript") = shape { return TokenTools.subscriptIsWritten(tokens, at: at) }
                    if case .member(let base, let member) = shape, !base.isEmpty { return TokenTools.memberIsAssigned(tokens, at: at, member: member) }
                    return false
                }(),
                usedAsReceiver: { if case .member(_, let member) = shape { return TokenTools.usedAsReceiver(tokens, at: at, member: member) } else { return false } }(),
                fallbackOf: { if case .construction = shape { return TokenTools.fallbackOf(tokens, at: at) } else { return nil } }()))
        }
        for index in indices where TokenTools.isImplicitMember(tokens, dot: index) {
            let name = tokens[index + 1].text
            var known = contextTypes
            if known.isEmpty || context == .body || context == .topLevel {
                known = TokenTools.annotatedType(tokens, beforeImplicitMember: index) ?? (known.isEmpty ? returnTypes(before: index) : known)
            }
            // `.init(...)` with its type written before it builds that type.
            if name == "init", let type = TokenTools.implicitInitType(tokens, dot: index) {
                let at = index + 1
                model.references.append(CodeReference(
                    shape: .construction(type: type), owner: owner, member: member, memberIsStatic: isStatic, context: context,
                    file: file, offset: tokens[at].offset, line: lines.line(of: tokens[at].offset),
                    withoutArguments: TokenTools.callWithoutArguments(tokens, at: at),
                    firstArgumentLabel: TokenTools.firstArgumentLabel(tokens, at: at), inConvenienceInit: inConvenienceInit,
                    isTemporary: TokenTools.isTemporary(tokens, at: at), handedArguments: TokenTools.handedArguments(tokens, at: at),
                    handedOn: TokenTools.handedOn(tokens, at: at), fallbackOf: TokenTools.fallbackOf(tokens, at: at)))
            }
            // `Service(client: .shared)`, `self.pipeline = .shared` in code: the member of the parameter's or the
            // property's type, which the analysis looks up (see `implicitMemberContext`).
            if name != "init", name.first?.isLowercase == true, context == .body || context == .topLevel,
               let marker = TokenTools.implicitMemberContext(tokens, dot: index) {
                model.references.append(CodeReference(shape: .member(base: marker, member: name), owner: owner, member: member,
                                                      memberIsStatic: isStatic, context: context, file: file,
                                                      offset: tokens[index + 1].offset, line: lines.line(of: tokens[index + 1].offset),
                                                      inConvenienceInit: inConvenienceInit,
                                                      usedAsReceiver: TokenTools.usedAsReceiver(tokens, at: index + 1, member: name)))
            }
            guard name != "init" || !known.isEmpty else { continue }
            // `var pipeline: ImagePipeline = .shared`: the implicit member is the declared type's, as in a default argument.
            if context == .initialValue, name != "init", name.first?.isLowercase == true,
               let type = TokenTools.annotatedType(tokens, beforeImplicitMember: index)?.first {
                model.references.append(CodeReference(shape: .member(base: type, member: name), owner: owner, member: member,
                                                      memberIsStatic: isStatic, context: context, file: file,
                                                      offset: tokens[index].offset, line: lines.line(of: tokens[index].offset)))
            }
            model.implicitMembers.append(ImplicitMemberReference(
                member: name, contextTypes: known, owner: owner, inMember: member, context: context,
                file: file, line: lines.line(of: tokens[index].offset)))
        }
        // Types named without a member or a call: annotations, casts, generic arguments.
        for index in indices where tokens[index].isCapitalized {
            if index > 0, tokens[index - 1].is(".") || tokens[index - 1].is("@") || tokens[index - 1].kind == .directive { continue }
            if index + 1 < tokens.count, tokens[index + 1].is(".") || (tokens[index + 1].is("(") && !tokens[index + 1].newlineBefore) { continue }
            model.typeMentions.append(TypeMention(name: tokens[index].text, owner: owner, member: member, context: context,
                                                  file: file, line: lines.line(of: tokens[index].offset)))
        }
    }

    /// The declared result of the function or computed property whose body holds `index`,
    /// when `.member` stands first in that body or right after `return`.
    func returnTypes(before index: Int) -> [String] {
        guard index > 0, tokens[index - 1].is("{") || tokens[index - 1].is("return") else { return [] }
        return resultTypes.last(where: { $0.body.contains(index) })?.types ?? []
    }

    mutating func typeAlias(at index: Int, owner: String?, range: Range<Int>) -> Int? {
        guard index + 2 < range.upperBound, tokens[index + 1].isIdentifier else { return nil }
        var equals = index + 2
        if tokens[equals].is("<") { equals = TokenTools.matchingClose(tokens, equals) + 1 }
        guard equals < range.upperBound, tokens[equals].is("=") else { return nil }
        let end = min(TokenTools.expressionEnd(tokens, from: equals + 1), range.upperBound)
        let target = Array(tokens[(equals + 1)..<end])
        model.typeAliases.append(TypeAlias(
            name: tokens[index + 1].text, target: target.map(\.text).joined(separator: " "),
            targetNames: TokenTools.capitalizedNames(target), owner: owner, file: file, line: lines.line(of: tokens[index].offset)))
        return end - 1
    }

    mutating func typeDeclaration(at index: Int, kind: TypeKind, owner: String?, range: Range<Int>) -> Int? {
        // `extension [Int]` and `extension [String: Int]`: the sugar names Array and Dictionary.
        if kind == .extension, index + 1 < range.upperBound, tokens[index + 1].is("[") {
            let close = TokenTools.matchingClose(tokens, index + 1)
            guard close < range.upperBound else { return nil }
            var depth = 0
            var isDictionary = false
            for k in (index + 2)..<close {
                if ["[", "(", "<"].contains(tokens[k].text) { depth += 1 } else if ["]", ")", ">"].contains(tokens[k].text) { depth -= 1 }
                if depth == 0 && tokens[k].is(":") { isDictionary = true }
            }
            return typeBody(kind: kind, name: isDictionary ? "Dictionary" : "Array", owner: owner, at: index, nameIndex: close, range: range)
        }
        guard index + 1 < range.upperBound, tokens[index + 1].isIdentifier,
              !TokenReader.declarationKeywords.contains(tokens[index + 1].text) || kind == .extension
        else { return nil }
        var nameIndex = index + 1
        var name = tokens[nameIndex].text
        while nameIndex + 2 < range.upperBound, tokens[nameIndex + 1].is("."), tokens[nameIndex + 2].isIdentifier {
            name += "." + tokens[nameIndex + 2].text; nameIndex += 2
        }
        return typeBody(kind: kind, name: name, owner: owner, at: index, nameIndex: nameIndex, range: range)
    }

    /// The rest of a type's declaration, from its name (ending at `nameIndex`) to its closing brace.
    private mutating func typeBody(kind: TypeKind, name: String, owner: String?, at index: Int, nameIndex: Int, range: Range<Int>) -> Int? {
        let (inherits, brace, unchecked) = TokenTools.inheritance(tokens, after: nameIndex)
        guard let brace, brace < range.upperBound else { return nil }
        let qualified = kind == .extension || owner == nil ? name : "\(owner!).\(name)"
        let entryPoint = index >= 2 && tokens[..<index].suffix(6).contains { $0.text == "main" } && tokens[..<index].suffix(6).contains { $0.is("@") }
        let line = lines.line(of: tokens[index].offset)
        model.types.append(TypeDeclaration(name: qualified, kind: kind, inherits: inherits, file: file, line: line, isEntryPoint: entryPoint, isUncheckedSendable: unchecked,
                                           isPrivate: TokenTools.declaredPrivate(tokens, nameIndex: index + 1)))
        offsetOfType[qualified + "@\(line)"] = tokens[index].offset
        let close = min(TokenTools.matchingClose(tokens, brace), range.upperBound - 1)
        scan((brace + 1)..<close, owner: qualified, typeKind: kind, member: nil, isStatic: false, context: .body)
        return close
    }

    mutating func functionDeclaration(at index: Int, owner: String?, typeKind: TypeKind?, isStatic: Bool, range: Range<Int>, enclosingContext: ReferenceContext, inTypeBody: Bool,
                                      convenience: Bool = false, attributes: [String] = []) -> Int? {
        let keyword = tokens[index].text
        var cursor = index + 1
        var name = keyword
        if keyword == "func" {
            guard cursor < range.upperBound else { return nil }
            name = tokens[cursor].text
            cursor += 1
        } else if keyword == "init" {
            while cursor < range.upperBound, tokens[cursor].is("?") || tokens[cursor].text == "!" { cursor += 1 }
        }
        var generics: [String] = []
        if cursor < range.upperBound, tokens[cursor].is("<") {
            let close = TokenTools.matchingClose(tokens, cursor)
            // The generic parameters' names: the identifiers right after `<` or a `,` of the clause.
            for k in (cursor + 1)..<min(close, range.upperBound) where tokens[k].isIdentifier && (tokens[k - 1].is("<") || tokens[k - 1].is(",")) {
                generics.append(tokens[k].text)
            }
            cursor = close + 1
        }
        var parameters: [Parameter] = []
        var defaults: [Range<Int>] = []
        var afterParameters = cursor
        if cursor < range.upperBound, tokens[cursor].is("(") {
            let close = TokenTools.matchingClose(tokens, cursor)
            (parameters, defaults) = TokenTools.parameters(tokens, open: cursor, close: close)
            afterParameters = close + 1
        } else if keyword != "deinit" {
            return nil
        }
        let memberName = keyword == "func" ? name : keyword
        let context: ReferenceContext = inTypeBody ? .body : enclosingContext
        let line = lines.line(of: tokens[index].offset)
        let body = Self.bodyRange(tokens, after: afterParameters, in: range)
        if let body, let arrow = (afterParameters..<body.lowerBound).first(where: { tokens[$0].is("->") }) {
            resultTypes.append((body, TokenTools.capitalizedNames(Array(tokens[(arrow + 1)..<(body.lowerBound - 1)]))))
        }
        // A struct's or class's initializer that hands over to `self.init(...)` is a convenience one in all but name.
        let handsOver = keyword == "init" && body.map { body in
            body.contains { k in k + 2 < tokens.count && tokens[k].is("self") && tokens[k + 1].is(".") && tokens[k + 2].is("init") }
        } == true
        let isConvenience = keyword == "init" && (convenience || handsOver)
        if inTypeBody {
            var member = MemberDeclaration(
                owner: owner, name: memberName, kind: keyword == "init" ? .initializer : .method, isStatic: isStatic,
                isMutable: false, isComputed: false, typeNames: [], initialValueCall: nil, parameters: parameters,
                file: file, line: line, attributes: attributes, isConvenience: isConvenience)
            let result = keyword == "func" ? Self.resultNames(tokens, after: afterParameters, in: range) : []
            member.resultTypeNames = result.filter { $0.first?.isUppercase == true }
            if !generics.isEmpty {
                member.resolvesByType = generics.contains { generic in
                    result.contains(generic) && !parameters.contains { $0.type.trimmingCharacters(in: .whitespaces) == generic }
                }
            }
            model.members.append(member)
            offsetOfMember[memberName + "@\(line)"] = tokens[index].offset
        }
        for (parameter, range) in zip(parameters.filter(\.hasDefault), defaults) {
            record(Array(range), owner: owner, member: memberName, isStatic: isStatic, context: .defaultArgument,
                   inConvenienceInit: isConvenience, contextTypes: (parameter.implicitMemberType.map { [$0] } ?? []) + parameter.typeNames.dropFirst())
        }
        // The body: the first `{` at this level before the next declaration.
        var k = afterParameters
        var depth = 0
        while k < range.upperBound {
            let token = tokens[k]
            if depth == 0 && token.is("{") { break }
            if token.is("(") || token.is("[") || token.is("<") { depth += 1 }
            if token.is(")") || token.is("]") || token.is(">") { depth -= 1 }
            if depth == 0 && token.newlineBefore && k > afterParameters && !token.is("->") && !token.is("where") && !token.is("throws") && !token.is("async") && !token.is(".") && !token.is("&") && !token.is(",")
                && !tokens[k - 1].is("->") && !tokens[k - 1].is(":") && !tokens[k - 1].is(",") && !tokens[k - 1].is("&") {
                return k - 1
            }
            if token.is("}") || token.is(";") { return k - 1 }
            k += 1
        }
        guard k < range.upperBound, typeKind != .protocol else { return k - 1 }
        let close = min(TokenTools.matchingClose(tokens, k), range.upperBound - 1)
        scan((k + 1)..<close, owner: owner, typeKind: typeKind, member: inTypeBody ? memberName : (memberName), isStatic: isStatic, context: inTypeBody ? .body : context,
             inConvenienceInit: isConvenience)
        return close
    }

    /// The token indices inside a function's body braces, when it has a body before the next declaration.
    /// The names in a function's declared result (`-> T?` gives `T`), with or without a body.
    static func resultNames(_ tokens: [SwiftToken], after start: Int, in range: Range<Int>) -> [String] {
        guard start < range.upperBound, let arrow = (start..<min(start + 8, range.upperBound)).prefix(while: { !tokens[$0].is("{") }).first(where: { tokens[$0].is("->") }) else { return [] }
        var names: [String] = []
        var k = arrow + 1
        while k < range.upperBound {
            let token = tokens[k]
            if token.is("{") || token.is("}") || token.is(";") || (token.isIdentifier && token.text == "where") { break }
            if k > arrow + 1 && token.newlineBefore && !token.is(".") && !token.is("?") && !token.is("&") { break }
            if token.isIdentifier && !(k > 0 && tokens[k - 1].is(".")) { names.append(token.text) }
            k += 1
        }
        return names
    }

    static func bodyRange(_ tokens: [SwiftToken], after start: Int, in range: Range<Int>) -> Range<Int>? {
        var k = start
        var depth = 0
        while k < range.upperBound {
            let token = tokens[k]
            if depth == 0 && token.is("{") {
                let close = min(TokenTools.matchingClose(tokens, k), range.upperBound - 1)
                return (k + 1)..<close
            }
            if token.is("(") || token.is("[") || token.is("<") { depth += 1 }
            if token.is(")") || token.is("]") || token.is(">") { depth -= 1 }
            if token.is("}") || token.is(";") { return nil }
            if depth == 0 && token.newlineBefore && k > start && token.isIdentifier && TokenReader.declarationKeywords.contains(token.text) { return nil }
            k += 1
        }
        return nil
    }

    mutating func propertyDeclaration(at index: Int, owner: String?, isStatic: Bool, range: Range<Int>, attributes: [String] = []) -> Int? {
        guard index + 1 < range.upperBound, tokens[index + 1].isIdentifier else { return nil }
        let nameIndex = index + 1
        let name = tokens[nameIndex].text
        let mutable = tokens[index].text == "var"
        let shape = TokenTools.propertyShape(tokens, nameIndex: nameIndex)
        let line = lines.line(of: tokens[nameIndex].offset)
        model.members.append(MemberDeclaration(
            owner: owner, name: name, kind: .property, isStatic: isStatic || owner == nil, isMutable: mutable,
            isComputed: shape.accessors != nil, typeNames: shape.typeNames, initialValueCall: shape.initialCall,
            parameters: [], file: file, line: line, attributes: attributes,
            initialValueIsLiteral: shape.initialValue.map { TokenTools.isLiteral(tokens[$0.lowerBound..<min($0.upperBound, range.upperBound)]) } ?? false,
            declaredAsSelf: TokenTools.declaredAsSelf(tokens, nameIndex: nameIndex),
            declaredTypePath: TokenTools.declaredTypePath(tokens, nameIndex: nameIndex),
            isSettableOutside: TokenTools.settableOutside(tokens, nameIndex: nameIndex),
            isPrivate: TokenTools.declaredPrivate(tokens, nameIndex: nameIndex)))
        offsetOfMember[name + "@\(line)"] = tokens[index].offset
        let context: ReferenceContext = owner == nil && isMainFile ? .topLevel : .initialValue
        if let value = shape.initialValue {
            let end = min(value.upperBound, range.upperBound)
            // Closures in the initial value belong to it.
            record(Array(value.lowerBound..<end), owner: owner, member: name, isStatic: isStatic, context: context, contextTypes: shape.typeNames)
            return end - 1
        }
        if let brace = shape.accessors, brace < range.upperBound {
            let close = min(TokenTools.matchingClose(tokens, brace), range.upperBound - 1)
            resultTypes.append(((brace + 1)..<close, shape.typeNames))
            scanAccessors((brace + 1)..<close, owner: owner, name: name, isStatic: isStatic)
            return close
        }
        return nameIndex
    }

    /// `{ get { } set { } }`, `{ willSet { } }`, or a getter's body on its own.
    mutating func scanAccessors(_ range: Range<Int>, owner: String?, name: String, isStatic: Bool) {
        scan(range, owner: owner, typeKind: nil, member: name, isStatic: isStatic, context: owner == nil && isMainFile ? .topLevel : .body)
    }
}
