/// Reads a submission before it is built, with the same reader as the lesson
/// rules, and rejects code that could tamper with the test harness or the
/// process instead of solving the lesson: compiler-internal attributes that
/// export or replace symbols, `#sourceLocation`, declarations that shadow a
/// module or a name the tests use, imports outside the lesson's list, and
/// calls that reach for processes, raw file descriptors, the dynamic loader
/// or the command line. No lesson needs any of these.
///
///     let findings = SubmissionVetter(module: "ConstructorInjection", imports: ["Foundation"],
///                                     namesTheTestsUse: names).vet(files)
///     // [] : build it;  otherwise: status `rejected`, with each finding in the report
public struct SubmissionVetter: Sendable {
    public var module: String
    public var imports: [String]
    /// Identifiers the lesson's tests use that the reference solution does not declare
    /// (`Int`, `Set`, `DispatchQueue`, `print`...): a top-level declaration of one shadows it.
    public var namesTheTestsUse: Set<String>
    /// Members the tests reach after a dot that the reference solution does not declare (`count`,
    /// `isEmpty`, `uppercased`): the standard library's. An extension of a type the module does not
    /// own that declares one of these replaces it in the tests (Swift prefers the importing module's).
    public var membersTheTestsUse: Set<String>
    /// Types the tests construct, with each call's first argument label ("" for none): an initializer
    /// with that label added to such a type from outside replaces the one the tests meant.
    public var constructionsTheTestsUse: [String: Set<String>]
    /// The compiler's reading of the same files is judged too (`ProgramVetter`): it knows what a bare name refers to
    /// (a local `let open`, a parameter named `pipe`), and refuses every C function it resolves, so a plain name the
    /// C library also has is left to it.
    public var compilerReadsNames = false

    public init(module: String, imports: [String], namesTheTestsUse: Set<String> = [], membersTheTestsUse: Set<String> = [],
                constructionsTheTestsUse: [String: Set<String>] = [:]) {
        self.module = module
        self.imports = imports
        self.namesTheTestsUse = namesTheTestsUse
        self.membersTheTestsUse = membersTheTestsUse
        self.constructionsTheTestsUse = constructionsTheTestsUse
    }

    /// Modules a submission may not shadow, whatever the lesson imports.
    /// Why a top-level declaration, an identity operator is refused: the same words from the token reader and from
    /// the compiler's reading (`ProgramVetter`).
    static func shadowsModule(_ name: String) -> LocalizedText {
        LocalizedText(english: "`\(name)` is declared at the top level with the name of a module the tests use, which would change what the tests call.",
                      chinese: "在顶层声明了 `\(name)`，与测试所用模块同名，这会改变测试实际调用的东西。")
    }

    static func shadowsName(_ name: String) -> LocalizedText {
        LocalizedText(english: "`\(name)` is declared at the top level with a name the tests take from another module (or one reserved by the compiler), which would change what the tests call.",
                      chinese: "在顶层声明了 `\(name)`，它与测试从其他模块使用的名字相同（或是编译器保留的名字），这会改变测试实际调用的东西。")
    }

    static func identityOperator(_ name: String) -> LocalizedText {
        LocalizedText(english: "The identity operator `\(name)` is declared here, which would change what the tests' identity checks mean; compare objects with `===` as Swift defines it.",
                      chinese: "这里声明了恒等运算符 `\(name)`，这会改变测试中同一性检查的含义；请使用 Swift 自带的 `===` 比较对象。")
    }

    static let harnessModules: Set<String> = [
        "Swift", "Testing", "XCTest", "Foundation", "FoundationEssentials", "FoundationInternationalization",
        "Dispatch", "Glibc", "SwiftGlibc", "Darwin", "Musl", "Android", "Bionic", "WASILibc", "ucrt", "WinSDK", "CRT",
        "_Concurrency", "_StringProcessing", "Synchronization", "Observation", "CoreFoundation", "SwiftShims",
    ]

    /// Calls of the C library and the runtime that reach outside the lesson's objects.
    static let forbiddenGlobals: Set<String> = [
        "fork", "vfork", "execve", "execv", "execvp", "execvpe", "execl", "execlp", "execle", "fexecve",
        "posix_spawn", "posix_spawnp", "system", "popen", "pclose",
        "dlopen", "dlsym", "dlvsym", "dlclose", "dladdr", "dlerror",
        "open", "openat", "creat", "dup", "dup2", "dup3", "pipe", "pipe2", "mkfifo", "fdopen", "freopen",
        "fwrite", "fputs", "write", "pwrite", "writev", "read", "pread", "lseek", "ftruncate", "unlink", "unlinkat",
        "socket", "connect", "bind", "listen", "accept", "sendto", "recvfrom",
        "kill", "killpg", "setsid", "setpgid", "ptrace", "syscall", "prctl", "unshare", "mount", "chroot",
        "mmap", "mprotect", "sigaction", "signal", "setenv", "unsetenv", "putenv", "getenv",
        "exit", "_exit", "atexit", "at_quick_exit", "quick_exit",
        "unsafeBitCast", "unsafeDowncast", "NSClassFromString", "NSSelectorFromString",
    ]

    /// Types whose every use reaches outside the lesson.
    static let forbiddenTypes: Set<String> = [
        "Process", "NSTask", "Pipe", "FileHandle", "CommandLine", "Bundle", "NSFileHandle", "OpaquePointer",
    ]

    /// The vetter of one lesson, from the instructor's copy: its tests (hidden ones included)
    /// and its reference solution tell which names the tests take from other modules.
    public static func of(_ lesson: Lesson, fileSystem: any FileSystem) -> SubmissionVetter {
        let tests = ((try? fileSystem.filesRecursively(lesson.tests, withExtension: "swift")) ?? [])
            .compactMap { try? fileSystem.readText("\(lesson.tests)/\($0)") }
        let solution = (try? SourceModel.read(folder: lesson.solutionSources, fileSystem: fileSystem))
            ?? (try? SourceModel.read(folder: lesson.sources, fileSystem: fileSystem)) ?? CodeModel()
        return SubmissionVetter(module: lesson.module, imports: lesson.metadata.allowedImports,
                                namesTheTestsUse: namesUsed(byTests: tests, notDeclaredIn: solution),
                                membersTheTestsUse: membersUsed(byTests: tests, notDeclaredIn: solution),
                                constructionsTheTestsUse: constructions(byTests: tests))
    }

    /// Every `.swift` file below `folder`, read and vetted.
    public func vet(folder: String, fileSystem: any FileSystem) -> [RuleFinding] {
        let names = ((try? fileSystem.filesRecursively(folder, withExtension: "swift")) ?? []).sorted()
        return vet(names.compactMap { name in (try? fileSystem.readText("\(folder)/\(name)")).map { (name: name, text: $0) } })
    }

    public func vet(_ files: [(name: String, text: String)]) -> [RuleFinding] {
        var findings: [RuleFinding] = []
        let model = SourceModel.read(files)
        let declaredHere = Set(model.members.map(\.name) + model.types.map(\.simpleName) + model.typeAliases.map(\.name))
        func reject(_ rule: String, _ file: String, _ line: Int, _ english: String, _ chinese: String) {
            findings.append(RuleFinding(file: file, line: line, rule: "vetting:\(rule)", messages: LocalizedText(english: english, chinese: chinese)))
        }

        for attribute in model.attributes where attribute.name.hasPrefix("_") {
            reject(attribute.name, attribute.file, attribute.line,
                   "`@\(attribute.name)` is a compiler-internal attribute (it can export or replace symbols, or reach private parts of other modules); graded code may not use it.",
                   "`@\(attribute.name)` 是编译器内部特性（可以导出或替换符号，或访问其他模块的私有部分）；被评分的代码不能使用它。")
        }
        for directive in model.directives where ["sourceLocation", "externalMacro"].contains(directive.name) {
            reject(directive.name, directive.file, directive.line,
                   "`#\(directive.name)` changes where the compiler says code comes from, or what it expands to; graded code may not use it.",
                   "`#\(directive.name)` 会改变编译器所说的代码来源或展开结果；被评分的代码不能使用它。")
        }
        // A condition that asks how the code is compiled (`#if hasFeature(LibraryEvolution)`, `#if $Macros`) rather than
        // where (`os(Linux)`, `canImport(Foundation)`, `DEBUG`): kata compiles a lesson's code more than once, with
        // different options (its reading for the rules and the vetting, its interface, its test build), so such a
        // condition can show each of them other code.
        for file in files {
            let tokens = SwiftLexer.tokens(of: file.text)
            let lines = LineIndex(file.text)
            for (index, token) in tokens.enumerated() where token.kind == .directive && (token.text == "#if" || token.text == "#elseif") {
                var k = index + 1
                while k < tokens.count, !tokens[k].newlineBefore {
                    let word = tokens[k].text
                    if tokens[k].isIdentifier && ["hasFeature", "hasAttribute"].contains(word) || word.hasPrefix("$") {
                        reject("condition", file.name, lines.line(of: token.offset),
                               "`\(token.text) \(word)...` asks how the code is compiled, not where: kata compiles graded code more than once, with different options, so each compile could see other code. Use only conditions on the platform (`os(...)`, `canImport(...)`, `DEBUG`), or none.",
                               "`\(token.text) \(word)...` 询问的是代码如何被编译，而不是在哪里编译：kata 会用不同的选项把被评分的代码编译不止一次，每次编译都可能看到不同的代码。只使用关于平台的条件（`os(...)`、`canImport(...)`、`DEBUG`），或者不用条件。")
                        break
                    }
                    k += 1
                }
            }
        }
        for item in model.imports where !imports.contains(item.module) {
            reject("import", item.file, item.line,
                   "`import \(item.module)`: this lesson allows \(imports.map { "`\($0)`" }.joined(separator: ", ")) only.",
                   "`import \(item.module)`：本课只允许导入 \(imports.map { "`\($0)`" }.joined(separator: "、"))。")
        }

        // Top-level declarations that shadow a module or a name the tests use.
        // A type named like its own module (`Greeter` in `Greeter`) is ordinary Swift and harmless;
        // one named like a module the tests import changes what their qualified calls reach.
        let shadowed = Self.harnessModules.union(["\(module)Tests"]).union(imports)
        var topLevel: [(name: String, file: String, line: Int)] = []
        topLevel += model.types.filter { !$0.name.contains(".") && $0.kind != .extension }.map { ($0.name, $0.file, $0.line) }
        topLevel += model.typeAliases.filter { $0.owner == nil }.map { ($0.name, $0.file, $0.line) }
        topLevel += model.members.filter { $0.owner == nil }.map { ($0.name, $0.file, $0.line) }
        for declaration in topLevel {
            if shadowed.contains(declaration.name) {
                reject("shadows-module", declaration.file, declaration.line,
                       Self.shadowsModule(declaration.name).english, Self.shadowsModule(declaration.name).chinese)
            } else if namesTheTestsUse.contains(declaration.name) || declaration.name.hasPrefix("__") {
                reject("shadows-name", declaration.file, declaration.line,
                       Self.shadowsName(declaration.name).english, Self.shadowsName(declaration.name).chinese)
            }
        }
        // Operators declared on types the module does not own change what `==` means in the tests.
        let ownTypes = Set(model.types.filter { $0.kind != .extension }.map { ModelScope.root($0.name) })
        for member in model.members where member.kind == .method && member.name.first.map({ !$0.isLetter && $0 != "_" }) == true {
            if ["===", "!=="].contains(member.name) {
                // Identity is what the tests check to see a collaborator shared or handed on; no code redefines it honestly.
                reject("operator", member.file, member.line,
                       Self.identityOperator(member.name).english, Self.identityOperator(member.name).chinese)
                continue
            }
            if let owner = member.owner, ownTypes.contains(ModelScope.root(owner)) { continue }
            reject("operator", member.file, member.line,
                   "the operator `\(member.name)` is declared on \(member.owner.map { "`\($0)`, a type this module does not own" } ?? "the top level"), which would change what the tests' comparisons mean.",
                   "在\(member.owner.map { "不属于本模块的类型 `\($0)` 上" } ?? "顶层")声明了运算符 `\(member.name)`，这会改变测试中比较的含义。")
        }

        // Members added from outside to a type the module does not own (`extension Array { var count: Int }`)
        // replace the standard library's in the tests when the tests use that name.
        for member in model.members {
            guard let owner = member.owner, !ownTypes.contains(ModelScope.root(owner)) else { continue }
            let type = ModelScope.root(owner)
            let replaced: Bool
            switch member.kind {
            case .initializer:
                let label = member.parameters.first.map { $0.label == "_" ? "" : $0.label } ?? ""
                replaced = constructionsTheTestsUse[type]?.contains(label) == true
            case .method where member.name == "subscript":
                // `subscript(i: Int)` has no argument label, like `array[0]` in the tests; `subscript(safe i: Int)` has one.
                replaced = member.parameters.first.map { $0.label == $0.name || $0.label == "_" } ?? true
            case .method, .property:
                replaced = membersTheTestsUse.contains(member.name)
            }
            guard replaced else { continue }
            let what = member.kind == .initializer ? "an initializer of `\(type)` that the tests call"
                : member.name == "subscript" ? "a subscript without a label on `\(type)`" : "`\(member.name)` on `\(type)`, a name the tests use"
            let whatChinese = member.kind == .initializer ? "测试会调用的 `\(type)` 初始化方法"
                : member.name == "subscript" ? "`\(type)` 上不带标签的下标" : "`\(type)` 上的 `\(member.name)`（测试用到这个名字）"
            reject("shadows-member", member.file, member.line,
                   "\(what) is declared in an extension of a type this module does not own; it would replace the one the tests mean. Give it a name of your own, or put it on your own type.",
                   "在不属于本模块的类型的扩展中声明了\(whatChinese)；它会取代测试原本要调用的那个。请换一个自己的名字，或把它放到你自己的类型上。")
        }

        func rejectForbiddenType(_ base: String, _ reference: CodeReference) {
            let root = ModelScope.root(base)
            if !declaredHere.contains(root), Self.forbiddenTypes.contains(root) || root.hasPrefix("Unsafe") {
                reject("call", reference.file, reference.line,
                       "`\(root)` reaches for processes, raw files, the command line or raw memory; a lesson needs none of these.",
                       "`\(root)` 会触及进程、底层文件、命令行或原始内存；本课不需要这些。")
            }
        }
        for reference in model.references {
            switch reference.shape {
            case .name(let name) where !declaredHere.contains(name):
                if (Self.forbiddenGlobals.contains(name) && !compilerReadsNames) || (name.hasPrefix("_") && name.count > 1) {
                    reject("call", reference.file, reference.line,
                           "`\(name)` reaches for the process, raw files, the dynamic loader or the runtime's internals; a lesson needs none of these.",
                           "`\(name)` 会触及进程、底层文件、动态加载器或运行时内部；本课不需要这些。")
                }
            case .member(let base, let member):
                // `Foundation.kill(...)`, `Glibc.fork()`, `SwiftGlibc.fork()`, `Swift.unsafeBitCast(...)`: no module's name
                // (re-exported ones included, which no list knows in full) hides the call, nor any type's the code does not own.
                let foreign = Self.harnessModules.contains(base)
                    || (base.first?.isUppercase == true && base != "Self" && !declaredHere.contains(ModelScope.root(base)))
                if foreign, Self.forbiddenGlobals.contains(member) || (member.hasPrefix("_") && member.count > 1) {
                    reject("call", reference.file, reference.line,
                           "`\(base).\(member)` reaches for the process, raw files, the dynamic loader or the runtime's internals; a lesson needs none of these.",
                           "`\(base).\(member)` 会触及进程、底层文件、动态加载器或运行时内部；本课不需要这些。")
                } else {
                    rejectForbiddenType(base, reference)
                }
            case .construction(let base):
                rejectForbiddenType(base, reference)
            default:
                break
            }
        }
        for file in files {
            let tokens = SwiftLexer.tokens(of: file.text)
            let lines = LineIndex(file.text)
            for index in tokens.indices.dropLast(2) where tokens[index].text == "processInfo" && tokens[index + 1].is(".")
                && ["arguments", "environment", "setValue", "processName"].contains(tokens[index + 2].text) {
                reject("call", file.name, lines.line(of: tokens[index].offset),
                       "`processInfo.\(tokens[index + 2].text)` reads the test program's command line or environment; a lesson needs neither.",
                       "`processInfo.\(tokens[index + 2].text)` 会读取测试程序的命令行或环境变量；本课都不需要。")
            }
            for index in tokens.indices.dropLast() where tokens[index].isIdentifier && tokens[index].text == "macro"
                && tokens[index + 1].isIdentifier && !(index > 0 && tokens[index - 1].is(".")) {
                reject("macro", file.name, lines.line(of: tokens[index].offset),
                       "a macro is declared here; graded code may not declare macros (they could stand in for the tests' own).",
                       "这里声明了宏；被评分的代码不能声明宏（它们可能冒充测试自己的宏）。")
            }
        }
        var seen: Set<String> = []
        return findings
            .filter { seen.insert("\($0.file):\($0.line):\($0.rule)").inserted }
            .sorted { ($0.file, $0.line, $0.rule) < ($1.file, $1.line, $1.rule) }
    }

    /// Defined, exported symbols of a built library (`nm -g --defined-only` lines) that are not
    /// Swift's own: a C symbol such as `fwrite` would replace the C library's for the whole test program.
    public static func foreignSymbols(nmOutput: String) -> [String] {
        let linkerSymbols: Set<String> = ["_init", "_fini", "__bss_start", "_edata", "_end", "__dso_handle", "_DYNAMIC", "_GLOBAL_OFFSET_TABLE_", "__data_start", "data_start", "__TMC_END__"]
        var foreign: [String] = []
        for line in nmOutput.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count >= 2, let name = parts.last.map(String.init) else { continue }
            let type = parts[parts.count - 2]
            guard type != "U", type != "w", type != "v" else { continue }
            let bare = name.hasPrefix("_$s") ? String(name.dropFirst()) : name
            if bare.hasPrefix("$s") || linkerSymbols.contains(name) || name.hasPrefix("__swift") || name.hasPrefix("_swift_FORCE_LOAD") { continue }
            foreign.append(name)
        }
        return foreign
    }

    /// Names the tests use after a dot (`votes.count`, `.isEmpty`) that neither the reference solution
    /// nor the tests declare: members of the standard library's types and other modules'.
    public static func membersUsed(byTests tests: [String], notDeclaredIn solution: CodeModel) -> Set<String> {
        let testModel = SourceModel.read(tests.enumerated().map { (name: "test\($0.offset).swift", text: $0.element) })
        let declared = Set(solution.types.map(\.simpleName) + solution.members.map(\.name) + solution.typeAliases.map(\.name)
                           + testModel.types.map(\.simpleName) + testModel.members.map(\.name))
        var names: Set<String> = []
        for tokens in tests.map({ SwiftLexer.tokens(of: $0) }) {
            for (index, token) in tokens.enumerated().dropFirst() where token.isIdentifier && tokens[index - 1].is(".") {
                if !declared.contains(token.text) && token.text != "init" && token.text != "self" { names.insert(token.text) }
            }
        }
        return names
    }

    /// Types the tests construct (`String(describing: x)`, `Date()`), with the first argument labels used ("" for none).
    public static func constructions(byTests tests: [String]) -> [String: Set<String>] {
        let testModel = SourceModel.read(tests.enumerated().map { (name: "test\($0.offset).swift", text: $0.element) })
        var found: [String: Set<String>] = [:]
        for reference in testModel.references {
            guard case .construction(let type) = reference.shape else { continue }
            found[ModelScope.root(type), default: []].insert(reference.firstArgumentLabel ?? "")
        }
        return found
    }

    /// Names the tests take from other modules: types (`Int`, `DispatchQueue`) and free functions
    /// they call (`print`, `withTaskGroup`), less what the reference solution or the tests declare.
    public static func namesUsed(byTests tests: [String], notDeclaredIn solution: CodeModel) -> Set<String> {
        let testModel = SourceModel.read(tests.enumerated().map { (name: "test\($0.offset).swift", text: $0.element) })
        var declared = Set(solution.types.map(\.simpleName) + solution.members.map(\.name) + solution.typeAliases.map(\.name))
        declared.formUnion(testModel.types.map(\.simpleName) + testModel.members.map(\.name) + testModel.typeAliases.map(\.name))
        var names: Set<String> = []
        let lexed = tests.map { SwiftLexer.tokens(of: $0) }
        // Names the tests declare anywhere (locals included), and the modules they import.
        for tokens in lexed {
            for (index, token) in tokens.enumerated().dropFirst() where token.isIdentifier {
                let previous = tokens[index - 1].text
                if ["let", "var", "func", "case", "import", "class", "struct", "enum", "actor", "protocol", "typealias"].contains(previous) {
                    declared.insert(token.text)
                }
            }
        }
        for tokens in lexed {
            for (index, token) in tokens.enumerated() where token.isIdentifier && !declared.contains(token.text) && !TokenReader.modifiers.contains(token.text) {
                if index > 0, tokens[index - 1].is(".") || tokens[index - 1].is("@") { continue }
                let called = index + 1 < tokens.count && tokens[index + 1].is("(") && !tokens[index + 1].newlineBefore
                if token.isCapitalized || (called && !TokenReader.declarationKeywords.contains(token.text)) {
                    names.insert(token.text)
                }
            }
        }
        return names.subtracting(["Self", "Type", "if", "while", "for", "switch", "guard", "return", "init", "super", "self", "catch"])
    }
}
