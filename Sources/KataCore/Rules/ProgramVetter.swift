/// Vetting on the program the compiler reads (`ResolvedProgram`), by allowlist: every declaration
/// the submission uses comes from its own module or from a module the lesson allows, none from the
/// C library, none of the process, loader or raw-memory APIs; every attribute it writes is one an
/// ordinary lesson uses. A spelling cannot hide a call from this reading: a comment that the compiler
/// ends at a lone CR, text between two regex literals, a member named like a C function, an
/// attribute without its underscore, all reach the compiler's reading as what they are.
///
///     let findings = ProgramVetter(module: lesson.module, imports: lesson.metadata.allowedImports).vet(program)
public struct ProgramVetter: Sendable {
    public var module: String
    public var imports: [String]
    /// Top-level names the tests take from another module (`Issue`, `expect`): declared by the submission, they
    /// would be what the tests reach (see `SubmissionVetter.namesTheTestsUse`).
    public var namesTheTestsUse: Set<String>
    /// The files the course gives (their names as the program shows them): graded as the course's own copies, they
    /// alone may reach the file system (a lesson's thin wrapper around the disk). Nil: the lesson lets any code touch
    /// files (`file_system` in lesson.json).
    public var givenFiles: Set<String>?

    public init(module: String, imports: [String], namesTheTestsUse: Set<String> = [], givenFiles: Set<String>? = []) {
        self.module = module
        self.imports = imports
        self.namesTheTestsUse = namesTheTestsUse
        self.givenFiles = givenFiles
    }

    /// The modules a lesson's code may use: the standard library and concurrency always, the
    /// Foundation family and Dispatch with `import Foundation`, others when the lesson imports them.
    var allowedModules: Set<String> {
        var allowed: Set<String> = [module, "Swift", "_Concurrency", "_StringProcessing"]
        for item in imports {
            allowed.insert(item)
            if item == "Foundation" {
                allowed.formUnion(["FoundationEssentials", "FoundationInternationalization", "Dispatch"])
            }
        }
        return allowed
    }

    /// Attributes ordinary code writes. Anything else (`@c`, `@_cdecl`, `@section`, `@used`, `@_silgen_name`,
    /// `@_semantics`, `@_dynamicReplacement`, `@objc`, `@main`, `@exclusivity`, and whatever comes next) is refused.
    static let allowedAttributes: Set<String> = [
        "access_control_attr", "setter_access_attr", "final_attr", "available_attr", "custom_attr",
        "discardable_result_attr", "dynamic_member_lookup_attr", "frozen_attr", "indirect_attr", "inlinable_attr",
        "inline_attr", "lazy_attr", "nonisolated_attr", "preconcurrency_attr", "property_wrapper_attr",
        "required_attr", "convenience_attr", "override_attr", "result_builder_attr", "sendable_attr",
        "usable_from_inline_attr", "reference_ownership_attr", "has_storage_attr", "has_initial_value_attr",
        "transparent_attr", "rethrows_attr", "mutating_attr", "nonmutating_attr", "consuming_attr", "borrowing_attr",
        "warn_unqualified_access_attr", "global_actor_attr", "isolated_attr", "optional_attr",
    ]

    /// Declarations of allowed modules that still reach outside the lesson's objects.
    static func isForbidden(_ use: ResolvedProgram.Use) -> Bool {
        let first = use.path.first ?? ""
        if ["Process", "NSTask", "Pipe", "FileHandle", "NSFileHandle", "CommandLine", "Bundle", "OpaquePointer",
            "Unmanaged", "DispatchSource", "DispatchIO", "NSClassFromString", "NSSelectorFromString", "unsafeBitCast", "unsafeDowncast",
            "exit", "abort", "dlopen", "dlsym", "Thread"].contains(first) && use.module != "" {
            // `Thread.current` is the lessons' own concern (lesson 10 forbids it by rule); `Thread.sleep` and the
            // like are harmless. Only starting and detaching threads reaches outside the test.
            if first == "Thread" { return ["detachNewThread", "init", "start", "exit"].contains(use.name) }
            return true
        }
        if first.hasPrefix("Unsafe") || first.hasPrefix("withUnsafe") || first.hasPrefix("unsafe") || first.hasPrefix("AutoreleasingUnsafe") {
            return true
        }
        // Raw memory under an ordinary name: an initializer or method whose label says so
        // (`Array(unsafeUninitializedCapacity:initializingWith:)`, `String(cString:)`), or the standard library's
        // underscored pointer and unsafe API (`_Pointer.init(bitPattern:)`, `_unsafeReferenceCast`), which no lesson needs.
        let labels = use.arguments.lowercased()
        if labels.contains("unsafe") || labels.contains("cstring:") { return true }
        if use.module == "Swift", use.path.contains(where: { $0.hasPrefix("_") && ($0.lowercased().contains("unsafe") || $0.contains("Pointer")) }) {
            return true
        }
        return foundation.contains(use.module) && ["environment", "arguments"].contains(use.name) && use.owner == "ProcessInfo"
    }

    /// Foundation's ways to a file: its file manager, streams, wrappers and coordinators, and any of its initializers or
    /// methods that read or write a file by path or URL (`String(contentsOfFile:)`, `Data(contentsOf:)`, `write(to:)`,
    /// `contents(atPath:)`, a URL's resource values), on whatever type Foundation declares or extends them.
    static func reachesFiles(_ use: ResolvedProgram.Use, module: String) -> Bool {
        let declaredByFoundation = foundation.contains(use.module)
            || use.usr.hasPrefix("s:") && !use.usr.hasPrefix("s:\(module.utf8.count)\(module)") && foundation.contains { use.usr.contains("\($0.utf8.count)\($0)") }
        guard declaredByFoundation else { return false }
        let first = use.path.first ?? ""
        if ["FileManager", "NSFileManager", "FileWrapper", "InputStream", "OutputStream", "NSFileCoordinator", "NSFileVersion",
            "NSMetadataQuery", "DirectoryEnumerator"].contains(first) { return true }
        let labels = use.arguments
        func labelled(_ names: [String]) -> Bool { names.contains { labels.contains("(" + $0) || labels.contains(":" + $0) } }
        if labelled(["contentsOfFile:", "contentsOfURL:", "atPath:", "toFile:", "fileAtPath:", "toFileAtPath:", "fromFile:",
                     "forReadingFrom:", "forWritingTo:", "forUpdating:"]) { return true }
        // `Data(contentsOf: url)` reads a file; `data.append(contentsOf: bytes)` adds bytes.
        if use.name == "init", labelled(["contentsOf:"]) { return true }
        if use.name == "write", labels.hasPrefix("(to:") { return true }
        return ["resourceValues", "setResourceValues", "checkResourceIsReachable", "checkPromisedItemIsReachable", "promisedItemResourceValues",
                "bookmarkData", "removeAllCachedResourceValues"].contains(use.name)
    }

    /// A type that reads or writes memory unchecked: a pointer of any kind, a buffer over raw memory.
    static func isRawMemory(_ type: String) -> Bool {
        DemangledName.identifiers(type).contains { name in
            let bare = name.split(separator: ".").last.map(String.init) ?? name
            return bare.hasPrefix("Unsafe") || bare.hasPrefix("AutoreleasingUnsafe") || bare == "OpaquePointer" || bare == "_Pointer"
                || bare == "CVaListPointer" || bare == "ManagedBufferPointer"
        }
    }

    /// Foundation under its names on every platform (on Linux, `ProcessInfo` lives in `FoundationEssentials`).
    static let foundation: Set<String> = ["Foundation", "FoundationEssentials", "FoundationInternationalization"]

    /// What a use of a requirement of the module's own protocol runs when a type of another module adopts that
    /// protocol with an empty extension (`extension Thread: Launcher {}`): that type's own member of the name.
    static func witnesses(of use: ResolvedProgram.Use, in program: ResolvedProgram) -> [ResolvedProgram.Use] {
        guard let member = program.members[use.usr], let proto = member.owner,
              program.types.values.contains(where: { $0.name == proto && $0.kind == "protocol" }) else { return [] }
        return program.foreignConformances.filter { $0.protocols.contains(proto) }.map { conformance in
            var answered = use
            var path = conformance.type.split(separator: ".").map(String.init)
            answered.module = path.count > 1 ? path.removeFirst() : "Foundation"
            answered.path = path + [member.name]
            return answered
        }
    }

    public func vet(_ program: ResolvedProgram) -> [RuleFinding] {
        var findings: [RuleFinding] = []
        var seen: Set<String> = []
        func reject(_ rule: String, _ file: String, _ line: Int, _ english: String, _ chinese: String) {
            guard seen.insert("\(file):\(line):\(rule)").inserted else { return }
            findings.append(RuleFinding(file: file, line: line, rule: "vetting:\(rule)", messages: LocalizedText(english: english, chinese: chinese)))
        }
        let allowed = allowedModules
        for node in program.nodes.values {
            for use in node.uses {
                if use.isC {
                    reject("c-function", use.file, use.line,
                           "`\(use.baseName)` is a C function: graded code calls no C function (it reaches the process, files and memory outside the lesson's objects).",
                           "`\(use.baseName)` 是 C 函数：被评分的代码不能调用任何 C 函数（它能触及课程对象之外的进程、文件和内存）。")
                } else if !use.module.isEmpty, !allowed.contains(use.module) {
                    reject("module", use.file, use.line,
                           "`\(use.shownName)` comes from `\(use.module)`, a module this lesson does not allow (it allows \(allowed.sorted().map { "`\($0)`" }.joined(separator: ", "))).",
                           "`\(use.shownName)` 来自 `\(use.module)`，本课不允许使用这个模块（允许：\(allowed.sorted().map { "`\($0)`" }.joined(separator: "、"))）。")
                } else if let givenFiles, Self.reachesFiles(use, module: program.module), !givenFiles.contains(use.file) {
                    reject("file-system", use.file, use.line,
                           "`\(use.shownName)` reads or writes a file: graded code outside the files the course gives touches no file (what a file holds is outside the lesson's objects, and a program that reads its own files can tell a graded run from another). Use the file system the lesson hands you, or keep the data in memory.",
                           "`\(use.shownName)` 会读写文件：除了课程给出的文件，被评分的代码不能碰任何文件（文件里的内容在课程对象之外，读自己文件的程序还能分辨出这是不是评分运行）。使用课程交给你的文件系统，或者把数据放在内存里。")
                } else if Self.isForbidden(use) {
                    reject("call", use.file, use.line,
                           "`\(use.shownName)` reaches outside the lesson's objects (processes, threads, raw memory, the loader or the command line); graded code may not use it.",
                           "`\(use.shownName)` 会触及课程对象之外的东西（进程、线程、原始内存、动态加载器或命令行）；被评分的代码不能使用它。")
                } else if let answered = Self.witnesses(of: use, in: program).first(where: { Self.isForbidden($0) || !allowed.contains($0.module) }) {
                    reject("call", use.file, use.line,
                           "`\(use.shownName)` runs `\(answered.path.joined(separator: "."))` of \(answered.module), which adopts the protocol here: that reaches outside the lesson's objects (processes, threads, raw memory, the loader or the command line); graded code may not use it.",
                           "`\(use.shownName)` 通过这里被采纳的协议运行了 \(answered.module) 的 `\(answered.path.joined(separator: "."))`：它会触及课程对象之外的东西（进程、线程、原始内存、动态加载器或命令行）；被评分的代码不能使用它。")
                }
            }
            // A value of a raw-memory type, however it was made: what a pointer reads is any memory of the process.
            for type in node.types.sorted() where Self.isRawMemory(type) {
                reject("call", node.file, node.line,
                       "A raw-memory value (`\(type)`) is handled here: graded code reads and writes memory only through Swift's checked types.",
                       "这里处理了原始内存值（`\(type)`）：被评分的代码只能通过 Swift 受检查的类型读写内存。")
            }
            for type in node.types.sorted() where type.contains("@convention(c)") {
                reject("c-function", node.file, node.line,
                       "A C function pointer (`@convention(c)`) is declared here; graded code has no use for one.",
                       "这里声明了 C 函数指针（`@convention(c)`）；被评分的代码用不到它。")
            }
        }
        // What the submission adds to types it does not own changes what the tests' own code means: an
        // always-true `==` on `Int` or `[String]`, a `count` on `Array`. Members go only on the module's own types;
        // an extension that only adds a conformance adds nothing. An operator at file scope needs an operand
        // of the module's own (as the compiler asks of an operator declared in a type). A name that starts with `$` is
        // none: no source can declare one, only a macro's expansion (Swift Testing's `@Test` in a student's own tests).
        let ownTypes = Set(program.types.values.map(\.name))
        func isOwn(_ name: String) -> Bool {
            let bare = name.split(separator: "<").first.map(String.init) ?? name
            // A type nested in an extension of the module's own type is named by the extended type's mangling
            // (`$s24PropertyWrapperInjection16DependencyValuesVD.EngineKey`): the module's name is in it.
            if bare.hasPrefix("$s\(program.module.utf8.count)\(program.module)") { return true }
            return ownTypes.contains(bare) || ownTypes.contains(String(bare.split(separator: ".").last ?? ""))
                && bare.hasPrefix(program.module + ".")
        }
        // A reference the language does not check (`unowned(unsafe)`): once its object is gone, reading it is
        // undefined behaviour, which can read or write any memory of the test program.
        for member in program.members.values where member.markers.contains("unowned(unsafe)") {
            reject("unsafe-reference", member.file, member.line,
                   "`\(member.name)` is `unowned(unsafe)`: a reference nothing checks, which reads freed memory once its object is gone. Graded code keeps references Swift checks (`let`, `weak`, `unowned`).",
                   "`\(member.name)` 是 `unowned(unsafe)`：没有任何检查的引用，对象释放后读到的是已释放的内存。被评分的代码只使用 Swift 会检查的引用（`let`、`weak`、`unowned`）。")
        }
        for member in program.members.values where !member.isImplicit
            && ["func_decl", "var_decl", "subscript_decl", "constructor_decl"].contains(member.kind) {
            if let owner = member.owner, member.inExtension, !isOwn(owner) {
                reject("foreign-extension", member.file, member.line,
                       "`\(member.name)` is added to `\(owner)`, a type this submission does not own: graded code adds members only to its own types (they could change what the tests' code means).",
                       "`\(member.name)` 被加到了 `\(owner)` 上，而这个类型不属于这份提交：被评分的代码只能给自己的类型添加成员（否则可能改变测试代码的含义）。")
            } else if member.owner == nil, member.kind == "func_decl", let first = member.name.first, !(first.isLetter || first == "_" || first == "$"),
                      !DemangledName.identifiers(member.type).contains(where: isOwn) {
                reject("operator", member.file, member.line,
                       "The operator `\(member.name)` works on types this submission does not own: graded code declares operators only for its own types.",
                       "运算符 `\(member.name)` 作用于不属于这份提交的类型：被评分的代码只能为自己的类型声明运算符。")
            }
        }
        // A conformance adds the protocol's extension members to the type that adopts it. On a type of another module
        // (`extension Array: Roster {}`) that is harmless unless the protocol refines one of that module's with members
        // (`protocol Roster: Collection`): then the compiler prefers the more specialised protocol's member, and an
        // `isEmpty` in `extension Roster` replaces `Collection`'s wherever the tests ask an array. Marker protocols
        // (`Sendable`, `Copyable`, `Escapable`, `BitwiseCopyable`) have no members to replace.
        let protocols = Dictionary(program.types.values.filter { $0.kind == "protocol" }.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let markers: Set<String> = ["Swift.Sendable", "Swift.Copyable", "Swift.Escapable", "Swift.BitwiseCopyable", "Swift.SendableMetatype", "Sendable", "Copyable", "Escapable", "BitwiseCopyable"]
        for conformance in program.foreignConformances {
            for adopted in conformance.protocols {
                // The module's protocols it adopts, the ones they refine included, and what of other modules' they refine.
                var own: [String] = []
                var foreign: Set<String> = []
                var queue = [adopted]
                while let next = queue.popLast() {
                    guard let declaration = protocols[next] else {
                        if !markers.contains(next) && !next.isEmpty && !isOwn(next) { foreign.insert(next) }
                        continue
                    }
                    guard !own.contains(next) else { continue }
                    own.append(next)
                    queue += declaration.supertypes
                }
                guard let refined = foreign.sorted().first else { continue }
                for member in program.members.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) })
                    where member.inExtension && !member.isImplicit && own.contains(member.owner ?? "") {
                    reject("foreign-extension", member.file, member.line,
                           "`\(member.name)` in an extension of `\(member.owner ?? "")` becomes a member of `\(conformance.type)`, which adopts `\(adopted)` here, and `\(member.owner ?? "")` refines `\(refined)`: it would replace the member of that name the tests mean. Adopt your protocols with your own types, or leave `\(refined)` out of the protocol.",
                           "`\(member.name)` 写在 `\(member.owner ?? "")` 的扩展里，而 `\(conformance.type)` 在这里采纳了 `\(adopted)`，`\(member.owner ?? "")` 又继承自 `\(refined)`：它会取代测试所指的同名成员。请让你自己的类型采纳你的协议，或者不要让协议继承 `\(refined)`。")
                }
            }
        }
        // What the files import and declare at the top level, as the compiler read them: a text reader can be made to
        // read these as a string (code between two regex literals), the compiler cannot.
        for item in program.imports {
            let root = item.module.split(separator: ".").first.map(String.init) ?? item.module
            if !imports.contains(root) {
                reject("import", item.file, item.line,
                       "`import \(item.module)`: this lesson allows \(imports.isEmpty ? "no import" : imports.map { "`\($0)`" }.joined(separator: ", ") + " only").",
                       "`import \(item.module)`：本课只允许导入 \(imports.isEmpty ? "（无）" : imports.map { "`\($0)`" }.joined(separator: "、"))。")
            } else if item.exported {
                reject("import", item.file, item.line,
                       "`import \(item.module)` is re-exported here: the tests would see its names through this module, and this module's names before its own. Import it plainly.",
                       "这里重新导出了 `import \(item.module)`：测试会通过这个模块看到它的名字，而且本模块的名字会排在它自己的前面。请普通地导入它。")
            }
        }
        let shadowed = SubmissionVetter.harnessModules.union(["\(module)Tests"]).union(imports)
        for declaration in program.topLevelNames {
            if shadowed.contains(declaration.name) {
                let words = SubmissionVetter.shadowsModule(declaration.name)
                reject("shadows-module", declaration.file, declaration.line, words.english, words.chinese)
            } else if namesTheTestsUse.contains(declaration.name) || declaration.name.hasPrefix("__") {
                let words = SubmissionVetter.shadowsName(declaration.name)
                reject("shadows-name", declaration.file, declaration.line, words.english, words.chinese)
            }
        }
        // Identity is what the tests check to see a collaborator shared or handed on; no code redefines it honestly.
        for member in program.members.values where !member.isImplicit && ["===", "!=="].contains(member.name) {
            let words = SubmissionVetter.identityOperator(member.name)
            reject("operator", member.file, member.line, words.english, words.chinese)
        }
        for attribute in program.attributes where !Self.allowedAttributes.contains(attribute.kind) {
            let name = attribute.kind.hasSuffix("_attr") ? String(attribute.kind.dropLast(5)) : attribute.kind
            reject("attribute", attribute.file, attribute.line,
                   "An attribute the grader does not allow (`\(name)`: it can export a symbol, run code before the tests, or step outside what Swift checks); graded code may not use it.",
                   "评分程序不允许的特性（`\(name)`：它可以导出符号、在测试之前运行代码，或绕过 Swift 的检查）；被评分的代码不能使用它。")
        }
        return findings.sorted { ($0.file, $0.line, $0.rule) < ($1.file, $1.line, $1.rule) }
    }
}
