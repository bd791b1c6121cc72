import Foundation
import Testing
import KataCore

/// A mutant schema, built by the real compiler: run with each case, the one program does what each mutant built on its
/// own does, and with no case it is the original.
@Suite("Mutant schemata")
struct MutantSchemaTests {
    static let store = """
        public struct Lap: Equatable { public let number: Int; public let millis: Int }
        public enum StoreError: Error { case invalid }
        public final class Store {
            private var laps: [Lap] = []
            public var limit = 3
            public init() {}
            public func record(_ lap: Lap) throws {
                if lap.millis <= 0 {
                    throw StoreError.invalid
                }
                laps.append(lap)
            }
            public var count: Int {
                get {
                    return laps.count
                }
            }
            public func best() -> Lap? {
                func faster(_ a: Lap, _ b: Lap) -> Bool {
                    a.millis < b.millis
                }
                return laps.min(by: faster)
            }
        }
        """

    static let main = """
        let store = Store()
        for (number, millis) in [(1, 900), (2, 0), (3, 850), (4, 1)] {
            do { try store.record(Lap(number: number, millis: millis)) } catch { print("refused", number) }
        }
        print("count", store.count, "best", store.best()?.number ?? -1, "limit", store.limit)
        """

    static func mutant(_ id: String, _ line: Int, _ from: String, _ to: String) -> Mutant {
        let original = store.components(separatedBy: "\n")[line - 1]
        return Mutant(id: id, mutation: id, file: "Store.swift", line: line, original: [original],
                      mutated: [original.replacingOccurrences(of: from, with: to)], lines: [line])
    }

    static let mutants = [
        mutant("boundary", 8, "<= 0", "<= 1"),
        mutant("dropped", 11, "laps.append(lap)", "_ = lap"),
        mutant("accessor", 15, "laps.count", "laps.count + 1"),
        mutant("local-function", 20, "a.millis < b.millis", "a.millis > b.millis"),
        mutant("initial-value", 5, "= 3", "= 4"),
    ]

    /// Builds `files` and `main` into a program and runs it with `environment`; its output.
    static func run(_ files: [String: String], environment: [String: String] = [:]) throws -> String {
        let folder = NSTemporaryDirectory() + "kata-schema-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var paths: [String] = []
        for (name, text) in files.merging(["main.swift": main], uniquingKeysWith: { a, _ in a }) {
            try text.write(toFile: "\(folder)/\(name)", atomically: true, encoding: .utf8)
            paths.append("\(folder)/\(name)")
        }
        let toolchain = try ToolchainLocator(fileSystem: LocalFileSystem(), environment: ProcessInfo.processInfo.environment).locate()
        let runner = PosixProcessRunner(groups: ProcessGroupRegistry())
        let built = runner.run(ProcessRequest(executable: toolchain.swiftc, arguments: paths + ["-o", "\(folder)/program"],
                                              environment: ProcessInfo.processInfo.environment, workingDirectory: folder, timeout: 300))
        guard case .exited(0) = built.termination else { throw SchemaError.build(built.output) }
        let ran = runner.run(ProcessRequest(executable: "\(folder)/program", arguments: [],
                                            environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new }, workingDirectory: folder, timeout: 60))
        return ran.output
    }

    enum SchemaError: Error { case build(String) }

    @Test("each case of the schema is the program its mutant gives built alone; no case is the original; a mutant outside a body is left to its own build")
    func casesAreTheMutants() throws {
        let schema = try #require(MutantSchema.make(Self.store, mutants: Self.mutants))
        #expect(Set(schema.cases.keys) == ["boundary", "dropped", "accessor", "local-function"], "a stored property's initial value is in no body")
        #expect(try Self.run(["Store.swift": schema.text]) == Self.run(["Store.swift": Self.store]))
        for mutant in Self.mutants where mutant.id != "initial-value" {
            let number = try #require(schema.cases[mutant.id])
            let alone = try Self.run(["Store.swift": mutant.applied(to: Self.store)])
            #expect(try Self.run(["Store.swift": schema.text], environment: [MutantSchema.variable: "\(number)"]) == alone, "\(mutant.id)")
            #expect(alone != (try Self.run(["Store.swift": Self.store])), "\(mutant.id) changes what the program prints")
        }
    }

    @Test("the schema imports nothing the learner's module does not: an import would make its extension members visible in every file, and a call could resolve otherwise than in the learner's own build")
    func schemaImportsNothing() throws {
        let schema = try #require(MutantSchema.make(Self.store, mutants: Self.mutants))
        let imports = { (text: String) in Set(text.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("import ") }) }
        #expect(imports(schema.text) == imports(Self.store), "\(imports(schema.text).subtracting(imports(Self.store)))")
        // A file of the module that resolves a call by what the C library adds (`Duration.init(_: timespec)`) resolves
        // it the same way beside the schema as beside the original file.
        let probe = """
            struct Pace { init(_ stint: Stint) {} }
            struct Stint { init(tv_sec: Double, tv_nsec: Double) {} }
            func pace(_ value: Duration) -> Int { 1 }
            func pace(_ value: Pace) -> Int { 0 }
            func paceUnit() -> Int { pace(.init(.init(tv_sec: 1, tv_nsec: 0))) }
            """
        let mainText = "print(paceUnit())\n"
        let original = try Self.run(["Store.swift": Self.store, "Probe.swift": probe, "main.swift": mainText])
        #expect(try Self.run(["Store.swift": schema.text, "Probe.swift": probe, "main.swift": mainText]) == original)
    }
}
