import Foundation

/// What a lesson's tests can see of a module when they are compiled against it: the declarations they could name, as
/// the compiler describes them (its symbol graph: kind, the declaration's unique name, access, and the declaration as
/// written, with its parameters' labels, types and default values, `throws`, `async`, a global actor, `let` or `var`),
/// the conformances of the module's types, and the module's public interface as the compiler prints it (which says
/// whether a setter is public).
///
/// Grading compiles the tests once, against the course's own solution built with library evolution (resilient layouts:
/// the program asks the library for sizes and offsets instead of building them in), and runs that program against every
/// student library whose surface is the solution's: the tests, compiled against the student's module, would resolve every
/// name they use to the same declarations, so the program is the one the student's own compile would give. A student
/// whose surface differs in anything (an extra overload of a name the tests use, another default value, another
/// conformance, a setter that is not public) gets a test program of their own, as before.
///
/// A declaration is one the tests could name when any part of its path (`RaceCar`, `init(engine:)`) is an identifier in
/// the test files, or when it is an operator or extends a type of another module: those are used without their name
/// being written. A student's helper the tests never name (`func lapsText()`) is left out, so classmates with helpers
/// of their own still share a program. Private declarations are left out: the tests cannot see them.
enum ModuleSurface {
    /// Every identifier the test files spell (in code, comments or strings alike: more names only make the surface
    /// stricter).
    static func identifiers(in texts: [String]) -> Set<Substring> {
        var names = Set<Substring>()
        for text in texts {
            var start: String.Index?
            var index = text.startIndex
            while index < text.endIndex {
                let character = text[index]
                let continues = character == "_" || character.isLetter || character.isNumber
                if continues {
                    if start == nil, !character.isNumber { start = index }
                } else if let begun = start {
                    names.insert(text[begun..<index])
                    start = nil
                }
                index = text.index(after: index)
            }
            if let begun = start { names.insert(text[begun..<text.endIndex]) }
        }
        return names
    }

    /// The most bytes of symbol graphs a module's surface is read from (50 times the course's largest solution's).
    static let largestDescription = 4 << 20

    /// The surface as sorted lines of text: equal text, equal surface. `symbolGraphs` are the compiler's symbol graph
    /// files of the module (its own, and one per other module whose types it extends); `interface` is its textual
    /// `.swiftinterface`. Nil when a graph cannot be read.
    static func text(symbolGraphs: [(name: String, data: Data)], interface: String, testIdentifiers: Set<Substring>) -> String? {
        var lines: [String] = []
        for graph in symbolGraphs.sorted(by: { $0.name < $1.name }) {
            guard let object = try? JSONSerialization.jsonObject(with: graph.data) as? [String: Any],
                  let symbols = object["symbols"] as? [[String: Any]] else { return nil }
            // A graph named `Module@Other.symbols.json` holds the module's extensions of Other's types.
            let extendsOthers = graph.name.contains("@")
            var kept = Set<String>()
            var visible = Set<String>()
            for symbol in symbols {
                let access = symbol["accessLevel"] as? String ?? "?"
                guard access != "private", access != "fileprivate" else { continue }
                let precise = (symbol["identifier"] as? [String: Any])?["precise"] as? String ?? "?"
                visible.insert(precise)
                let path = symbol["pathComponents"] as? [String] ?? []
                let named = path.contains { component in
                    let base = component.prefix { $0 != "(" }
                    return testIdentifiers.contains(base) || !(base.first.map { $0 == "_" || $0.isLetter } ?? true)
                }
                guard extendsOthers || named else { continue }
                kept.insert(precise)
                let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String ?? "?"
                let fragments = (symbol["declarationFragments"] as? [[String: Any]] ?? []).map { $0["spelling"] as? String ?? "" }.joined()
                lines.append("symbol\t\(graph.name)\t\(kind)\t\(precise)\t\(access)\t\(path.joined(separator: "."))\t\(fragments)")
            }
            for relationship in object["relationships"] as? [[String: Any]] ?? [] {
                let kind = relationship["kind"] as? String ?? "?"
                let source = relationship["source"] as? String ?? "?"
                // What a kept declaration belongs to, overrides or implements; and every conformance or inheritance of a
                // type the tests can see, named or not (a conformance decides which overloads apply).
                guard kept.contains(source) || (["conformsTo", "inheritsFrom"].contains(kind) && visible.contains(source)) else { continue }
                let target = relationship["target"] as? String ?? "?"
                let fallback = relationship["targetFallback"] as? String ?? ""
                lines.append("relationship\t\(graph.name)\t\(kind)\t\(source)\t\(target)\t\(fallback)")
            }
        }
        return (lines.sorted() + ["interface", interface]).joined(separator: "\n")
    }
}
