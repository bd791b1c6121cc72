import Foundation

/// Two types of one simple name (a top-level `FileInfo` and `ShooterSubtitle.FileInfo`, `PIF.Workspace` and
/// `Workspace`, a namespace's `Constants.String` and Swift's `String`) are two types: what one does says nothing about
/// the other. The analysis keys types by their simple name, so before it runs, each nested type gets a name of its
/// own (its path, joined by a mark no Swift name can hold), and every mention of it is resolved as the compiler looks
/// names up: a qualified path names it; a bare name names it only in the code of the type that nests it (the
/// innermost such type wins), elsewhere the other type. The analysis's results get the written names back.
enum NestedNames {
    /// Joins a nested type's path where the name would have a dot: no Swift identifier or operator holds it.
    static let mark: Character = "\u{1}"

    static func separating(_ model: CodeModel) -> CodeModel? {
        let declarations = model.types.filter { $0.kind != .extension }
        var renamed: [String: String] = [:]
        var nestedIn: [String: [String: String]] = [:]
        // Every nested type: a bare name finds it only in the code of the type that nests it, so a nested `String`
        // (a namespace of keys) is never the `String` an extension elsewhere extends.
        for declaration in declarations {
            guard let dot = declaration.name.lastIndex(of: ".") else { continue }
            let outer = String(declaration.name[..<dot])
            let new = outer + String(mark) + declaration.simpleName
            renamed[declaration.name] = new
            nestedIn[outer, default: [:]][declaration.simpleName] = new
        }
        guard !renamed.isEmpty else { return nil }
        let nestedNames = Set(renamed.keys.map { String($0.split(separator: ".").last ?? Substring($0)) })

        /// The longest renamed type a dotted path starts with, and the rest (`Outer.Name.Inner`).
        func renamedPrefix(_ parts: [Substring]) -> String? {
            var count = parts.count
            while count >= 2 {
                if let new = renamed[parts[..<count].joined(separator: ".")] {
                    return count == parts.count ? new : new + "." + parts[count...].joined(separator: ".")
                }
                count -= 1
            }
            return nil
        }
        /// The type a name written in `owner`'s code names.
        func type(_ name: String, seenFrom owner: String?) -> String {
            if let new = renamed[name] { return new }
            if name.contains(".") {
                // `Outer.Name.Inner`, or the path with its module in front (`Lib.Outer.Name`).
                let parts = name.split(separator: ".")
                for start in 0..<max(1, parts.count - 1) {
                    if let found = renamedPrefix(Array(parts[start...])) { return found }
                }
                return name
            }
            guard nestedNames.contains(name), var scope = owner else { return name }
            while true {
                if let new = nestedIn[scope]?[name] { return new }
                guard let dot = scope.lastIndex(of: ".") else { return name }
                scope = String(scope[..<dot])
            }
        }
        func owner(_ name: String?) -> String? {
            guard let name else { return nil }
            if let new = renamed[name] { return new }
            guard name.contains(".") else { return name }
            return renamedPrefix(name.split(separator: ".")) ?? name
        }

        var result = model
        for index in result.types.indices {
            let original = result.types[index].name
            let outer = original.lastIndex(of: ".").map { String(original[..<$0]) }
            result.types[index].inherits = result.types[index].inherits.map { type($0, seenFrom: outer) }
            result.types[index].name = owner(original) ?? original
        }
        for index in result.members.indices {
            let member = result.members[index]
            let seen = member.owner
            result.members[index].owner = owner(member.owner)
            result.members[index].typeNames = member.typeNames.map { type($0, seenFrom: seen) }
            result.members[index].resultTypeNames = member.resultTypeNames.map { type($0, seenFrom: seen) }
            result.members[index].initialValueCall = member.initialValueCall.map { type($0, seenFrom: seen) }
            result.members[index].declaredTypePath = member.declaredTypePath.map { type($0, seenFrom: seen) }
            for p in member.parameters.indices {
                result.members[index].parameters[p].typeNames = member.parameters[p].typeNames.map { type($0, seenFrom: seen) }
            }
        }
        for index in result.references.indices {
            let reference = result.references[index]
            let seen = reference.owner
            result.references[index].owner = owner(reference.owner)
            switch reference.shape {
            case .construction(let name) where !name.hasPrefix("=") && !name.hasPrefix("("):
                result.references[index].shape = .construction(type: type(name, seenFrom: seen))
            case .member(let base, let member) where !base.isEmpty && !base.hasPrefix("=") && !base.hasPrefix("("):
                result.references[index].shape = .member(base: type(base, seenFrom: seen), member: member)
            default: break
            }
        }
        for index in result.implicitMembers.indices {
            let seen = result.implicitMembers[index].owner
            result.implicitMembers[index].owner = owner(seen)
            result.implicitMembers[index].contextTypes = result.implicitMembers[index].contextTypes.map { type($0, seenFrom: seen) }
        }
        for index in result.typeMentions.indices {
            let seen = result.typeMentions[index].owner
            result.typeMentions[index].owner = owner(seen)
            result.typeMentions[index].name = type(result.typeMentions[index].name, seenFrom: seen)
        }
        for index in result.typeAliases.indices {
            let seen = result.typeAliases[index].owner
            result.typeAliases[index].owner = owner(seen)
            result.typeAliases[index].targetNames = result.typeAliases[index].targetNames.map { type($0, seenFrom: seen) }
        }
        // Writes and reads known by the text alone (`Base|name`): a base of an ambiguous name may be any of the types.
        func withNested(_ entries: Set<String>) -> Set<String> {
            var all = entries
            for entry in entries {
                guard let bar = entry.firstIndex(of: "|") else { continue }
                let base = String(entry[..<bar])
                let simpleBase = String(base.split(separator: ".").last ?? Substring(base))
                guard nestedNames.contains(simpleBase) else { continue }
                for (old, new) in renamed where old.hasSuffix("." + simpleBase) { all.insert(new + entry[bar...]) }
            }
            return all
        }
        result.writtenVariables = withNested(model.writtenVariables)
        result.readVariables = withNested(model.readVariables)
        return result
    }

    /// The analysis with the written names back (`ShooterSubtitle.FileInfo`).
    static func restoring(_ analysis: DependencyAnalysis) -> DependencyAnalysis {
        func text(_ value: String) -> String { value.contains(mark) ? value.replacingOccurrences(of: String(mark), with: ".") : value }
        func localized(_ value: LocalizedText) -> LocalizedText { LocalizedText(english: text(value.english), chinese: text(value.chinese)) }
        func dependency(_ value: HiddenDependency) -> HiddenDependency {
            var value = value
            value.owner = value.owner.map(text)
            value.member = value.member.map(text)
            value.target = text(value.target)
            value.suggestion = localized(value.suggestion)
            return value
        }
        var result = analysis
        result.types = analysis.types.map { type in
            var type = type
            type.name = text(type.name)
            type.inherits = type.inherits.map(text)
            return type
        }
        // Edges name types by their simple names (`Nested`), as they always have.
        func simpleName(_ value: String) -> String {
            guard let mark = value.lastIndex(of: mark) else { return value }
            return String(value[value.index(after: mark)...])
        }
        result.edges = analysis.edges.map { edge in
            var edge = edge
            edge.from = simpleName(edge.from)
            edge.to = simpleName(edge.to)
            edge.via = text(edge.via)
            return edge
        }
        result.hiddenDependencies = analysis.hiddenDependencies.map(dependency)
        result.compositionRoot = analysis.compositionRoot.map(dependency)
        result.adapters = analysis.adapters.map(dependency)
        result.notes = analysis.notes.map(text)
        return result
    }
}
