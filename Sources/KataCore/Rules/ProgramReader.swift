import Foundation

/// Reads a lesson module the way the compiler does: `swiftc -dump-ast -dump-ast-format json`
/// (type-checked, every reference resolved), then `swift-demangle` for readable names.
/// Only code that compiles can be read; for code that does not, the build's own errors are the verdict.
///
///     let reader = ProgramReader(swiftc: toolchain.swiftc, processRunner: runner, environment: env)
///     let program = reader.read(module: "ConstructorInjection", files: files)   // nil: no compiler answer
public struct ProgramReader: Sendable {
    public var swiftc: String
    public var processRunner: any ProcessRunning
    public var environment: [String: String]
    /// Put in front of the compiler (the grader's sandbox).
    public var launcher: [String] = []
    public var timeout: Double = 120
    public var moduleCache: String?
    /// The most of the compiler's reading taken in; a larger one gives no reading. Decoding takes several times
    /// the text's size in memory, so the grader, which reads untrusted code, asks for less.
    public var outputLimit = 256 * 1024 * 1024
    /// The compiler's frontend (`swift-frontend` beside `swiftc`), run without the driver: the same reading without the
    /// driver's start-up, which a learner's every check waits for. Nil, or a frontend that gives no reading (a macro
    /// whose plugin only the driver names, a platform whose defaults only the driver knows): the driver, as before.
    public var frontend: String?

    public init(swiftc: String, processRunner: any ProcessRunning, environment: [String: String]) {
        self.swiftc = swiftc
        self.processRunner = processRunner
        self.environment = environment
    }

    /// `files`: the path to hand the compiler, the name to show in findings, and the text.
    public func read(module: String, files: [(path: String, shown: String, text: String)]) -> ResolvedProgram? {
        guard !files.isEmpty else { return nil }
        // One compiler job for every file (batch mode, one batch): the module is type-checked once, not once per
        // file, and each file's declarations see the others' fully (an extension's conformance, a parameter's type).
        func run(_ command: [String]) -> ProcessResult {
            processRunner.run(ProcessRequest(
                executable: command[0], arguments: Array(command.dropFirst()), environment: self.environment,
                timeout: timeout, outputLimit: outputLimit))
        }
        func read(_ result: ProcessResult) -> ProcessResult? {
            result.termination.succeeded && !result.outputTruncated ? result : nil
        }
        let cache = moduleCache.map { ["-module-cache-path", $0] } ?? []
        var answer: ProcessResult?
        if let frontend {
            // The one job the driver would start, started without it: the same reading, byte for byte.
            let direct = run(self.launcher + [frontend, "-frontend", "-dump-ast", "-dump-ast-format", "json"] + files.flatMap { ["-primary-file", $0.path] }
                             + ["-swift-version", "6", "-parse-as-library", "-D", "DEBUG", "-module-name", module] + cache)
            answer = read(direct)
            // Code that does not compile gives the driver no reading either: the build's errors are the verdict. (A macro
            // the frontend was not told how to expand is asked of the driver.)
            if answer == nil, case .exited = direct.termination, direct.output.contains("error:"), !direct.output.contains("macro"),
               files.contains(where: { direct.output.contains($0.path + ":") }) {
                return nil
            }
        }
        if answer == nil {
            answer = read(run(self.launcher + [swiftc, "-dump-ast", "-dump-ast-format", "json", "-swift-version", "6", "-parse-as-library", "-D", "DEBUG",
                                          "-enable-batch-mode", "-j1", "-module-name", module] + cache + files.map(\.path)))
        }
        guard let result = answer else { return nil }
        let demangler = swiftc.hasSuffix("swiftc") ? String(swiftc.dropLast("swiftc".count)) + "swift-demangle" : "swift-demangle"
        let runner = processRunner
        let environment = self.environment
        let launcher = self.launcher
        let demangle: ResolvedProgram.Demangler = { names in
            var found: [String: String] = [:]
            // Usrs (`s:...`) demangle as symbols once given the `$s` prefix; C declarations (`c:@F@fork`) stay as they are.
            let ordered = names.filter { $0.hasPrefix("$s") }
            var start = 0
            while start < ordered.count {
                let batch = Array(ordered[start..<min(start + 2000, ordered.count)])
                start += batch.count
                let command = launcher + [demangler, "--compact"] + batch
                let answer = runner.run(ProcessRequest(executable: command[0], arguments: Array(command.dropFirst()),
                                                       environment: environment, timeout: 60, outputLimit: 64 * 1024 * 1024))
                guard answer.termination.succeeded else { continue }
                let lines = answer.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                for (name, line) in zip(batch, lines) where !line.isEmpty { found[name] = line }
            }
            return found
        }
        return try? ResolvedProgram.decode(output: result.output, module: module, files: files, demangle: demangle)
    }
}
