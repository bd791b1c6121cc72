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
    static let recipeVersion = "kata-build-2"

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
        let moduleKey = hash(input.sourceFiles, salt: [Self.recipeVersion, toolchain.identity, input.module] + recipeSalt + sanitizerFlags(input))
        var rebuiltModule = false
        let sharedModule = sharedCache.map { "\($0)/module-\(contentHash(input.sourceFiles, salt: [Self.recipeVersion, toolchain.identity, input.module] + recipeSalt + sanitizerFlags(input)))" }
        if stamp(moduleStamp) != moduleKey || !fileSystem.exists(library) || !fileSystem.exists(interface) {
            try? fileSystem.remove(moduleStamp)
            if let sharedModule, fileSystem.exists("\(sharedModule)/done"),
               (try? fileSystem.copyFile("\(sharedModule)/lib", to: library)) != nil,
               (try? fileSystem.copyFile("\(sharedModule)/swiftmodule", to: interface)) != nil {
                try? fileSystem.writeText(moduleKey, to: moduleStamp)
                return buildTests(input, library: library, interface: interface, executable: executable, testsStamp: testsStamp, rebuiltModule: false)
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
            ] + sanitizerFlags(input), sources: input.sourceFiles)
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
        return buildTests(input, library: library, interface: interface, executable: executable, testsStamp: testsStamp, rebuiltModule: rebuiltModule)
    }

    private func buildTests(_ input: BuildInput, library: String, interface: String, executable: String, testsStamp: String, rebuiltModule: Bool) -> BuildOutcome {
        let folder = input.buildDirectory

        let interfaceData = (try? fileSystem.read(interface)) ?? Data()
        let testsKey = hash(
            input.testFiles,
            salt: [Self.recipeVersion, toolchain.identity, SHA256.hex(interfaceData), Self.entryPointSource]
                + toolchain.testing.compile + toolchain.testing.link + recipeSalt + sanitizerFlags(input)
        )
        var rebuiltTests = false
        let sharedTests = sharedCache.map { "\($0)/tests-\(testsKey)" }
        if stamp(testsStamp) != testsKey || !fileSystem.exists(executable) {
            try? fileSystem.remove(testsStamp)
            if let sharedTests, fileSystem.exists("\(sharedTests)/done") {
                if let failure = try? fileSystem.readText("\(sharedTests)/failed") {
                    return .testsFailed(diagnostics(ProcessResult(termination: .exited(1), output: failure)), output: failure)
                }
                if (try? fileSystem.copyFile("\(sharedTests)/program", to: executable)) != nil {
                    try? fileSystem.writeText(testsKey, to: testsStamp)
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
                if let sharedTests, case .exited = result.termination,
                   DiagnosticParser.parse(result.output, root: displayRoot).contains(where: \.isInLessonFile) {
                    try? fileSystem.writeText(result.output, to: "\(sharedTests)/failed")
                    try? fileSystem.writeText("", to: "\(sharedTests)/done")
                }
                return .testsFailed(diagnostics(result), output: result.output)
            }
            try? fileSystem.writeText(testsKey, to: testsStamp)
            rebuiltTests = true
            if let sharedTests {
                try? fileSystem.createDirectory(sharedTests)
                try? fileSystem.copyFile(executable, to: "\(sharedTests)/program")
                try? fileSystem.writeText("", to: "\(sharedTests)/done")
            }
        }
        return .ready(executable: executable, rebuiltModule: rebuiltModule, rebuiltTests: rebuiltTests)
    }

    private func sanitizerFlags(_ input: BuildInput) -> [String] {
        input.sanitizers.map { "-sanitize=\($0)" }
    }

    /// Only when set: the caches of builds without it stay valid.
    private var recipeSalt: [String] { pathRoots.isEmpty ? [] : ["relative-paths"] }

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
        for part in salt { hasher.update(part + "\u{0}") }
        for file in files {
            hasher.update((file as NSString).lastPathComponent + "\u{0}")
            hasher.update((try? fileSystem.read(file)) ?? Data("<unreadable>".utf8))
            hasher.update("\u{0}")
        }
        return hasher.hexDigest()
    }

    private func stamp(_ path: String) -> String? {
        try? fileSystem.readText(path)
    }

    private func hash(_ files: [String], salt: [String]) -> String {
        var hasher = SHA256()
        for part in salt { hasher.update(part + "\u{0}") }
        for file in files {
            hasher.update(file + "\u{0}")
            hasher.update((try? fileSystem.read(file)) ?? Data("<unreadable>".utf8))
            hasher.update("\u{0}")
        }
        return hasher.hexDigest()
    }
}
