import Foundation

/// What to build: one variant of a lesson's module (the learner's code, the
/// reference solution, a wrong solution, a student's submission) and its tests.
public struct BuildInput: Sendable, Equatable {
    public var module: String
    /// Absolute paths of the module's Swift files.
    public var sourceFiles: [String]
    /// Absolute paths of the lesson's test files.
    public var testFiles: [String]
    /// A folder of this variant's own: switching variants never rebuilds the other.
    public var buildDirectory: String
    /// `thread`, `address`: built with `-sanitize=...`, module and tests alike.
    public var sanitizers: [String] = []
    /// The module alone: the tests are neither compiled nor linked, and `.ready` names no program to run (a builder
    /// that cannot build the module alone may build the tests all the same). Only whether it compiles is asked: a
    /// builder may stop short of generating code (the compiler's checks, type checking and the flow checks on SIL, all
    /// run), and leaves no library behind.
    public var moduleOnly = false

    public init(module: String, sourceFiles: [String], testFiles: [String], buildDirectory: String) {
        self.module = module
        self.sourceFiles = sourceFiles
        self.testFiles = testFiles
        self.buildDirectory = buildDirectory
    }
}

public enum BuildOutcome: Sendable, Equatable {
    /// A test program ready to run; says which parts had to be compiled again.
    case ready(executable: String, rebuiltModule: Bool, rebuiltTests: Bool)
    /// The lesson's own module does not compile.
    case moduleFailed([Diagnostic], output: String)
    /// The module compiles, but the tests do not compile against it (a normal "red").
    case testsFailed([Diagnostic], output: String)
}

public protocol LessonBuilding: Sendable {
    func build(_ input: BuildInput) -> BuildOutcome
    /// The same builder, keeping libraries and test programs in `cache` as well, by content: builds of one module in
    /// several folders (the mutants a learner's tests run against) compile identical work once. A builder with no
    /// such cache returns itself.
    func sharingBuilds(in cache: String) -> any LessonBuilding
}

extension LessonBuilding {
    public func sharingBuilds(in cache: String) -> any LessonBuilding { self }
}

/// Builds a lesson by driving `swiftc` directly, in two cached steps:
///
/// 1. the lesson module, as a shared library plus its `.swiftmodule`,
///    rebuilt only when the sources' *contents* change;
/// 2. the tests and a generated entry point, linked against that library,
///    rebuilt only when the module's interface (the `.swiftmodule` bytes) or the
///    tests change. An edit inside a function body leaves the interface alone,
///    so the check after it compiles one small module and runs.
///
/// Caches are keyed on content hashes, never on timestamps.
public struct SwiftcLessonBuilder: LessonBuilding {
    public let toolchain: Toolchain
    public let fileSystem: any FileSystem
    public let processRunner: any ProcessRunning
    /// Paths in diagnostics are shown relative to this folder.
    public let displayRoot: String
    public let environment: [String: String]
    public let compileTimeout: Double
    /// A folder shared by builds of the same lesson in different build folders (a class being
    /// graded): libraries are kept by the sources' names and contents, test programs by the
    /// module's interface and the tests, so identical work is done once.
    public var sharedCache: String?
    /// The compiler's module cache (`-module-cache-path`), shared by builds that would otherwise each
    /// rebuild the same system modules: Swift Testing ships as a textual interface on Linux, and
    /// building it from that costs every cold test compile the better part of a second.
    public var moduleCache: String?
    /// Put in front of the compiler (a sandbox and limits, for untrusted code).
    public var launcher: [String] = []
    /// Seconds left of a budget the compiles share (a graded student's): each compile gets at most what is left when it
    /// starts, so the library's compile and the test program's together stay within it. Nil: `compileTimeout` each.
    public var timeLeft: (@Sendable () -> Double)?
    /// Sources under one of these folders are compiled from it, by relative path, so neither the
    /// program (`#filePath`, debug information) nor its messages say where the folder lies.
    public var pathRoots: [String] = []
    /// Grading: modules are built with library evolution and described by their `ModuleSurface`, and a test program
    /// compiled against a module this builder trusts (`publishesSurfacePrograms`, the course's own solution) serves
    /// every module with the same surface, kept in `sharedCache`. Off: a test program is shared only by modules with the
    /// same interface, byte for byte.
    public var sharesBySurface = false
    /// The modules this builder builds are trusted (the course's own solution): their test programs are kept by surface.
    public var publishesSurfacePrograms = false

    public init(
        toolchain: Toolchain,
        fileSystem: any FileSystem,
        processRunner: any ProcessRunning,
        displayRoot: String,
        environment: [String: String],
        compileTimeout: Double = 180
    ) {
        self.toolchain = toolchain
        self.fileSystem = fileSystem
        self.processRunner = processRunner
        self.displayRoot = displayRoot
        self.environment = environment
        self.compileTimeout = compileTimeout
    }

    /// Bumped whenever the flags below change, so old caches are not trusted.
    static let recipeVersion = "kata-build-3"

    /// Set by `kata grade`: the test program seals itself before any test runs.
    public static let sealVariable = "KATA_SEALED"

    /// The test program's entry point. Graded (`KATA_SEALED=1`), it first makes its process non-dumpable
    /// (`PR_SET_DUMPABLE` 0, Linux): its `/proc/self/mem`, `environ` and descriptors then belong to root,
    /// so code under test cannot write the program's own memory (to patch the test library or `exit`)
    /// nor read its environment. Vetting refuses the C call that would undo it.
    public static let entryPointSource = """
        // Generated by kata: the test program's entry point.
        import Testing
        #if os(Linux)
        import Glibc

        @_silgen_name("prctl")
        private func kataSetProcessOption(_ option: Int32, _ a: UInt, _ b: UInt, _ c: UInt, _ d: UInt) -> Int32
        #endif

        @main
        struct KataTestEntryPoint {
            static func main() async {
                #if os(Linux)
                if let sealed = getenv("\(sealVariable)"), String(cString: sealed) == "1" {
                    _ = kataSetProcessOption(4 /* PR_SET_DUMPABLE */, 0, 0, 0, 0)
                }
                #endif
                await Testing.__swiftPMEntryPoint() as Never
            }
        }

        """

    public func sharingBuilds(in cache: String) -> any LessonBuilding {
        var shared = self
        if shared.sharedCache == nil { shared.sharedCache = cache }
        return shared
    }

    public func build(_ input: BuildInput) -> BuildOutcome {
        let folder = input.buildDirectory
        let library = "\(folder)/lib\(input.module).\(Toolchain.sharedLibraryExtension)"
        let interface = "\(folder)/\(input.module).swiftmodule"
        let executable = "\(folder)/\(input.module)Tests"
        let moduleStamp = "\(folder)/module.stamp"
        let testsStamp = "\(folder)/tests.stamp"
        try? fileSystem.createDirectory(folder)

        if input.moduleOnly {
            // Whether it compiles: the module's interface alone, which type-checks every body and runs the compiler's
            // checks on SIL (a constant used before it is set), with no code generated and nothing linked. Written
            // apart, so that the variant's library and its stamp stay as a full build left them.
            let result = swiftc([
                "-swift-version", "6", "-parse-as-library", "-enable-testing", "-wmo", "-D", "DEBUG",
                "-diagnostic-style=llvm",
                "-module-name", input.module,
                "-emit-module", "-emit-module-path", "\(folder)/compiles/\(input.module).swiftmodule",
            ] + sanitizerFlags(input), sources: input.sourceFiles)
            guard result.termination.succeeded else { return .moduleFailed(diagnostics(result), output: result.output) }
            return .ready(executable: executable, rebuiltModule: true, rebuiltTests: false)
        }
        // The test files' part of the test program's key does not depend on the module: it is hashed while the
        // module compiles, and only the interface is added afterwards.
        // The first names the files by path (this folder's program); the second by name and contents, as the tests of
        // the same lesson read in every folder (a program shared by surface).
        let testsPart = Later { [self] () -> (String, String) in
            let salt = [Self.recipeVersion, toolchain.identity, Self.entryPointSource]
                + toolchain.testing.compile + toolchain.testing.link + recipeSalt + sanitizerFlags(input)
            return (hash(input.testFiles, salt: salt), sharesBySurface ? contentHash(input.testFiles, salt: salt) : "")
        }
        let moduleKey = hash(input.sourceFiles, salt: [Self.recipeVersion, toolchain.identity, input.module] + recipeSalt + sanitizerFlags(input))
        var rebuiltModule = false
        let sharedModule = sharedCache.map { "\($0)/module-\(contentHash(input.sourceFiles, salt: [Self.recipeVersion, toolchain.identity, input.module] + recipeSalt + sanitizerFlags(input)))" }
        if stamp(moduleStamp) != moduleKey || !fileSystem.exists(library) || !fileSystem.exists(interface) {
            try? fileSystem.remove(moduleStamp)
            if let sharedModule, fileSystem.exists("\(sharedModule)/done"),
               (try? fileSystem.copyFile("\(sharedModule)/lib", to: library)) != nil,
               (try? fileSystem.copyFile("\(sharedModule)/swiftmodule", to: interface)) != nil {
                try? fileSystem.writeText(moduleKey, to: moduleStamp)
                return buildTests(input, testsPart: testsPart.value.0, testsContent: testsPart.value.1, library: library, interface: interface, executable: executable, testsStamp: testsStamp, rebuiltModule: false)
            }
            let result = swiftc([
                "-swift-version", "6", "-parse-as-library", "-enable-testing", "-wmo", "-D", "DEBUG",
                "-diagnostic-style=llvm",
                // Line tables let a crash's backtrace name the learner's file and line.
                "-gline-tables-only",
                "-module-name", input.module,
                "-emit-module", "-emit-module-path", interface,
                // The interface is written by the job that compiles the code, not by a second one beside it: on two
                // cores the second would compete with the compiler's reading of the rules, which runs at the same time.
                "-no-emit-module-separately-wmo",
                "-emit-library", "-o", library,
            ] + surfaceFlags(folder) + sanitizerFlags(input), sources: input.sourceFiles)
            guard result.termination.succeeded else {
                return .moduleFailed(diagnostics(result), output: result.output)
            }
            try? fileSystem.writeText(moduleKey, to: moduleStamp)
            rebuiltModule = true
            if let sharedModule {
                try? fileSystem.createDirectory(sharedModule)
                try? fileSystem.copyFile(library, to: "\(sharedModule)/lib")
                try? fileSystem.copyFile(interface, to: "\(sharedModule)/swiftmodule")
                try? fileSystem.writeText("", to: "\(sharedModule)/done")
            }
        }
        return buildTests(input, testsPart: testsPart.value.0, testsContent: testsPart.value.1, library: library, interface: interface, executable: executable, testsStamp: testsStamp, rebuiltModule: rebuiltModule)
    }

    private func buildTests(_ input: BuildInput, testsPart: String, testsContent: String, library: String, interface: String, executable: String, testsStamp: String, rebuiltModule: Bool) -> BuildOutcome {
        let folder = input.buildDirectory

        let interfaceData = (try? fileSystem.read(interface)) ?? Data()
        let interfaceSum = interfaceHash(interfaceData, folder: folder)
        let testsKey = SHA256.hex("\(testsPart)\u{0}\(interfaceSum)")
        var rebuiltTests = false
        let sharedTests = sharedCache.map { "\($0)/tests-\(testsKey)" }
        if stamp(testsStamp) != testsKey || !fileSystem.exists(executable) {
            try? fileSystem.remove(testsStamp)
            let surface = sharesBySurface ? sharedCache.flatMap { cache in surfaceKey(input, testsContent: testsContent).map { "\(cache)/surface-\($0)" } } : nil
            if let surface, !publishesSurfacePrograms, fileSystem.exists("\(surface)/done") {
                // The tests did not compile against a module of this surface: nor would they against this one.
                if let failure = try? fileSystem.readText("\(surface)/failed") {
                    return .testsFailed(diagnostics(ProcessResult(termination: .exited(1), output: failure)), output: failure)
                }
                if libraryServes("\(surface)/program", library: library, module: input.module),
                   (try? fileSystem.copyFile("\(surface)/program", to: executable)) != nil {
                    try? fileSystem.writeText(testsKey, to: testsStamp)
                    rememberInterface(interfaceData, hash: interfaceSum, folder: folder)
                    return .ready(executable: executable, rebuiltModule: rebuiltModule, rebuiltTests: false)
                }
            }
            defer {
                if let surface, publishesSurfacePrograms, compilesNothingIntoClients(folder), stamp(testsStamp) == testsKey, fileSystem.exists(executable) {
                    publish(surface) { try fileSystem.copyFile(executable, to: "\(surface)/program") }
                }
            }
            if let sharedTests, fileSystem.exists("\(sharedTests)/done") {
                if let failure = try? fileSystem.readText("\(sharedTests)/failed") {
                    return .testsFailed(diagnostics(ProcessResult(termination: .exited(1), output: failure)), output: failure)
                }
                if (try? fileSystem.copyFile("\(sharedTests)/program", to: executable)) != nil {
                    try? fileSystem.writeText(testsKey, to: testsStamp)
                    rememberInterface(interfaceData, hash: interfaceSum, folder: folder)
                    return .ready(executable: executable, rebuiltModule: rebuiltModule, rebuiltTests: false)
                }
            }
            let entryPoint = "\(folder)/KataTestEntryPoint.swift"
            try? fileSystem.writeText(Self.entryPointSource, to: entryPoint)
            let result = swiftc([
                "-swift-version", "6", "-parse-as-library", "-wmo", "-D", "DEBUG",
                "-diagnostic-style=llvm",
                "-module-name", "\(input.module)Tests",
                "-I", folder, "-L", folder, "-l\(input.module)",
                "-Xlinker", "-rpath", "-Xlinker", Toolchain.loaderPath,
                "-o", executable,
            ] + toolchain.testing.compile + toolchain.testing.link + sanitizerFlags(input), sources: input.testFiles + [entryPoint])
            guard result.termination.succeeded else {
                // Only a real compile error (in a file of the lesson) is shared; a crash, a full disk or a
                // module cache another compile was writing is not.
                if case .exited = result.termination,
                   DiagnosticParser.parse(result.output, root: displayRoot).contains(where: \.isInLessonFile) {
                    if let sharedTests {
                        try? fileSystem.writeText(result.output, to: "\(sharedTests)/failed")
                        try? fileSystem.writeText("", to: "\(sharedTests)/done")
                    }
                    if let surface, publishesSurfacePrograms, compilesNothingIntoClients(folder) {
                        publish(surface) { try fileSystem.writeText(result.output, to: "\(surface)/failed") }
                    }
                }
                return .testsFailed(diagnostics(result), output: result.output)
            }
            try? fileSystem.writeText(testsKey, to: testsStamp)
            rememberInterface(interfaceData, hash: interfaceSum, folder: folder)
            rebuiltTests = true
            if let sharedTests {
                try? fileSystem.createDirectory(sharedTests)
                try? fileSystem.copyFile(executable, to: "\(sharedTests)/program")
                try? fileSystem.writeText("", to: "\(sharedTests)/done")
            }
        }
        return .ready(executable: executable, rebuiltModule: rebuiltModule, rebuiltTests: rebuiltTests)
    }

    /// The interface's hash. A body edit leaves the interface as it was: then the bytes are compared with the copy
    /// kept at the last test build, and that copy's hash is used (comparing is far cheaper than hashing).
    private func interfaceHash(_ data: Data, folder: String) -> String {
        if let kept = try? fileSystem.read("\(folder)/tests.interface"), kept == data,
           let hash = try? fileSystem.readText("\(folder)/tests.interface.sha256"), hash.count == 64 {
            return hash
        }
        return SHA256.hex(data)
    }

    private func rememberInterface(_ data: Data, hash: String, folder: String) {
        let kept = "\(folder)/tests.interface", sum = "\(folder)/tests.interface.sha256"
        if (try? fileSystem.read(kept)) == data, (try? fileSystem.readText(sum)) == hash { return }
        try? fileSystem.remove(sum)
        guard (try? fileSystem.writeAtomically(data, to: kept)) != nil else { return }
        try? fileSystem.writeAtomically(Data(hash.utf8), to: sum)
    }

    private func sanitizerFlags(_ input: BuildInput) -> [String] {
        input.sanitizers.map { "-sanitize=\($0)" }
    }

    /// Only when set: the caches of builds without it stay valid.
    private var recipeSalt: [String] { (pathRoots.isEmpty ? [] : ["relative-paths"]) + (sharesBySurface ? ["library-evolution"] : []) }

    /// With `sharesBySurface`: resilient layouts, and the module described for its surface (the symbol graph down to
    /// internal declarations, and the public interface as text), by the same compile.
    private func surfaceFlags(_ folder: String) -> [String] {
        guard sharesBySurface else { return [] }
        try? fileSystem.remove("\(folder)/surface")
        try? fileSystem.createDirectory("\(folder)/surface")
        return ["-enable-library-evolution",
                "-emit-module-interface-path", "\(folder)/surface/interface.swiftinterface",
                "-emit-symbol-graph", "-emit-symbol-graph-dir", "\(folder)/surface",
                "-symbol-graph-minimum-access-level", "internal"]
    }

    /// The key of the module's surface for these tests; nil when the compile left no description of it.
    private func surfaceKey(_ input: BuildInput, testsContent: String) -> String? {
        let folder = "\(input.buildDirectory)/surface"
        // The symbol graphs are read once, here: gone once read, they keep no disk for the rest of a grading (code
        // the compiler describes a thousandfold leaves hundreds of megabytes of them per lesson).
        defer {
            for name in (try? fileSystem.contentsOfDirectory(folder)) ?? [] where name.hasSuffix(".symbols.json") {
                try? fileSystem.remove("\(folder)/\(name)")
            }
        }
        guard let names = try? fileSystem.contentsOfDirectory(folder),
              let interfaceData = try? fileSystem.readRegularFile("\(folder)/interface.swiftinterface", limit: ModuleSurface.largestDescription),
              let interface = String(data: interfaceData, encoding: .utf8) else { return nil }
        var graphs: [(name: String, data: Data)] = []
        // The grader reads these in its own process: a description past `ModuleSurface.largestDescription` (code the
        // compiler describes a thousandfold, a few dozen bytes per generic conformance) is no description, and the
        // module gets a test program of its own. The course's largest solution is described in under 80 KB.
        var left = ModuleSurface.largestDescription
        for name in names where name.hasSuffix(".symbols.json") {
            guard let size = try? fileSystem.readRegularChunk("\(folder)/\(name)", offset: 0, count: 1).size, size <= left,
                  let data = try? fileSystem.readRegularFile("\(folder)/\(name)", limit: left) else { return nil }
            left -= data.count
            graphs.append((name, data))
        }
        guard !graphs.isEmpty else { return nil }
        let tests = input.testFiles.compactMap { try? fileSystem.readText($0) }
        guard tests.count == input.testFiles.count,
              let text = ModuleSurface.text(symbolGraphs: graphs, interface: interface, testIdentifiers: ModuleSurface.identifiers(in: tests))
        else { return nil }
        return SHA256.hex("surface-1\u{0}\(testsContent)\u{0}\(text)")
    }

    /// Whether the module's public interface holds no code a client compiles into itself (an inlinable body, a frozen
    /// layout): a program compiled against such a module would run the trusted module's code in a student's program,
    /// so it is kept for that module alone.
    private func compilesNothingIntoClients(_ folder: String) -> Bool {
        guard let interface = try? fileSystem.readText("\(folder)/surface/interface.swiftinterface") else { return false }
        return !["@inlinable", "@_alwaysEmitIntoClient", "@_transparent", "@frozen", "@_fixed_layout"].contains { interface.contains($0) }
    }

    /// Keeps what a trusted build learnt for a surface, once: two trusted builds of one surface (the solution and a
    /// starter alike) never write it at the same time, and `done` is written last.
    private func publish(_ surface: String, _ write: () throws -> Void) {
        try? fileSystem.createDirectory(surface)
        fileSystem.withExclusiveLock("\(surface)/lock") {
            guard !fileSystem.exists("\(surface)/done"), (try? write()) != nil else { return }
            try? fileSystem.writeText("", to: "\(surface)/done")
        }
    }

    /// Whether the library defines every symbol of its module that the program asks for (`llvm-nm`): a program
    /// compiled against another module of the same surface must find each of its declarations here, or it is not used.
    private func libraryServes(_ program: String, library: String, module: String) -> Bool {
        guard let nm = toolchain.symbolLister(fileSystem) else { return false }
        func symbols(_ options: [String], _ file: String) -> Set<String>? {
            let result = processRunner.run(ProcessRequest(executable: nm, arguments: options + ["--format=just-symbols", file],
                                                          environment: ["PATH": "/usr/bin:/bin", "LANG": "C"], timeout: 60, outputLimit: 8 << 20))
            guard result.termination.succeeded else { return nil }
            return Set(result.output.split(separator: "\n").map { String($0.split(separator: "@").first ?? $0) })
        }
        // Swift's mangling names the module first: `$s` + its length + its name.
        let prefix = "$s\(module.utf8.count)\(module)"
        guard let wanted = symbols(["--undefined-only", "-D"], program), let offered = symbols(["--defined-only", "-D"], library) else { return false }
        return wanted.filter { $0.hasPrefix(prefix) }.isSubset(of: offered)
    }

    private func swiftc(_ arguments: [String], sources: [String]) -> ProcessResult {
        var arguments = arguments
        var files = sources
        var directory: String?
        if let root = pathRoots.first(where: { root in sources.contains { $0.hasPrefix(root + "/") } }) {
            directory = root
            files = sources.map { $0.hasPrefix(root + "/") ? String($0.dropFirst(root.count + 1)) : $0 }
            arguments += ["-file-compilation-dir", "."]
        }
        if let moduleCache { arguments += ["-module-cache-path", moduleCache] }
        let command = launcher + [toolchain.swiftc] + arguments + files
        return processRunner.run(ProcessRequest(
            executable: command[0],
            arguments: Array(command.dropFirst()),
            environment: environment,
            workingDirectory: directory,
            timeout: timeLeft.map { min(compileTimeout, max(0.5, $0())) } ?? compileTimeout,
            outputLimit: 256 * 1024
        ))
    }

    private func diagnostics(_ result: ProcessResult) -> [Diagnostic] {
        var found = DiagnosticParser.parse(result.output, root: displayRoot)
        if found.isEmpty {
            let general = DiagnosticParser.generalErrors(result.output)
            let reason: String
            var severity = "error"
            if case .killed(let why) = result.termination {
                reason = "the compiler was stopped: \(why)"
                // The builder's own clock stopped it: marked by a severity no compiler line is parsed into, so text the
                // compiler printed (a `#warning` of the code's, over several lines) can never pass for this stop.
                severity = Diagnostic.stoppedSeverity
            } else if let first = general.first {
                reason = first
            } else {
                reason = "the compiler failed without a message (\(result.termination))"
            }
            found = [Diagnostic(file: "", line: 0, column: 0, severity: severity, message: reason)]
        }
        return found
    }

    /// Like `hash`, but by file name and contents only, so two folders holding the same files agree.
    private func contentHash(_ files: [String], salt: [String]) -> String {
        var hasher = SHA256()
        for part in salt { hasher.update(part: part) }
        for file in files {
            hasher.update(part: (file as NSString).lastPathComponent)
            hasher.update(part: (try? fileSystem.read(file)) ?? Data("<unreadable>".utf8))
        }
        return hasher.hexDigest()
    }

    private func stamp(_ path: String) -> String? {
        try? fileSystem.readText(path)
    }

    private func hash(_ files: [String], salt: [String]) -> String {
        var hasher = SHA256()
        for part in salt { hasher.update(part: part) }
        for file in files {
            hasher.update(part: file)
            hasher.update(part: (try? fileSystem.read(file)) ?? Data("<unreadable>".utf8))
        }
        return hasher.hexDigest()
    }
}
