import Foundation
import Testing
import KataCore

/// `kata verify --mutants`: the operators read the solution as the compiler does, and the lesson's judge kills what they make.
@Suite("Judging the judge: mutants of a reference solution")
struct MutationTests {
    static let module = """
        import Foundation
        public protocol Engine: AnyObject { var horsepower: Int { get }; func ignite() -> Bool }
        public final class V8Engine: Engine {
            nonisolated(unsafe) public static let shared = V8Engine()
            public let horsepower = 750
            public init() {}
            public func ignite() -> Bool { true }
        }
        public protocol Radio: AnyObject { func send(_ text: String) }
        public final class RaceCar {
            private let engine: any Engine
            weak var radio: (any Radio)?
            private let lock = NSLock()
            private var laps = 0
            public init(engine: any Engine) {
                self.engine = engine
            }
            public func start() -> String {
                engine.ignite() ? "Vroom! \\(engine.horsepower) hp" : "stalled"
            }
            public func lap() {
                lock.lock()
                laps += 1
                lock.unlock()
                if laps > 1 {
                    radio?.send("lap \\(laps)")
                }
            }
        }
        public protocol Tyre: AnyObject {}
        public final class Pit {
            private let makeTyre: () -> any Tyre
            private let parent: Pit?
            public init(makeTyre: @escaping () -> any Tyre, parent: Pit? = nil) {
                self.makeTyre = makeTyre
                self.parent = parent
            }
            public func change() -> any Tyre { makeTyre() }
            public func child() -> Pit { Pit(makeTyre: makeTyre, parent: self) }
        }
        public func assemble() -> [RaceCar] {
            let engine = V8Engine()
            let first = RaceCar(engine: engine)
            let second = RaceCar(engine: engine)
            return [first, second]
        }
        """

    @Test("each operator finds its place by what the code means")
    func operators() throws {
        let toolchain = try #require(MeaningJudgeTests.toolchain, "no Swift compiler found")
        let folder = NSTemporaryDirectory() + "kata-mutants-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.module.write(toFile: "\(folder)/Car.swift", atomically: true, encoding: .utf8)
        let reader = ProgramReader(swiftc: toolchain.swiftc, processRunner: PosixProcessRunner(groups: ProcessGroupRegistry()),
                                   environment: ["PATH": "/usr/bin:/bin", "HOME": folder, "TMPDIR": folder])
        let program = try #require(reader.read(module: "M", files: [(path: "\(folder)/Car.swift", shown: "Car.swift", text: Self.module)]))
        let mutants = MutationOperators.mutants(of: program, texts: ["Car.swift": Self.module], forbidden: ["V8Engine.shared"])
        func changed(_ mutation: String) -> [String] {
            mutants.filter { $0.mutation == mutation }.map { $0.mutated.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " / ") }
        }
        #expect(changed("let-to-var").contains("private var engine: any Engine"), "\(mutants.map(\.id))")
        #expect(changed("to-unowned-unsafe").contains("private unowned(unsafe) let engine: any Engine"))
        #expect(changed("weak-to-strong") == ["var radio: (any Radio)?"])
        #expect(changed("build-inside") == ["self.engine = V8Engine()"])
        #expect(changed("default-builds-part") == ["public init(engine: any Engine = V8Engine()) {"])
        #expect(changed("singleton-at-use").contains("V8Engine.shared.ignite() ? \"Vroom! \\(engine.horsepower) hp\" : \"stalled\""))
        #expect(changed("drop-lock") == [" / "], "the lock and its unlock become empty lines")
        #expect(changed("remove-call").contains("") && mutants.contains { $0.mutation == "remove-call" && $0.original == ["            radio?.send(\"lap \\(laps)\")"] })
        #expect(changed("negate-condition") == ["if !(laps > 1) {"])
        #expect(changed("return-early") == ["public func lap() { return;"])
        let hoisted = changed("hoist-to-static").joined(separator: " | ")
        #expect(hoisted.contains("nonisolated(unsafe) static var kataHoisted_engine: (any Engine)?")
                && hoisted.contains("self.engine = engine; Self.kataHoisted_engine = engine")
                && hoisted.contains("Self.kataHoisted_engine!.ignite()"), "\(hoisted)")
        #expect(changed("memoise-factory").contains { $0.hasPrefix("public func change() -> any Tyre { kataMemoised(&kataMemo) { makeTyre() } }") },
                "\(changed("memoise-factory"))")
        #expect(changed("copy-for-share") == ["let second = RaceCar(engine: V8Engine())"], "the first part keeps the shared engine")
        #expect(changed("forward-to-parent") == ["public func child() -> Pit { Pit(makeTyre: makeTyre, parent: (parent ?? self)) }"])
        #expect(Set(mutants.map(\.mutation)).isSubset(of: MutationOperators.names))
        #expect(!mutants.contains { $0.mutation == "singleton-at-use" && $0.line == 16 }, "the initializer's own assignment is build-inside's business")
    }

    @Test("kata verify --mutants judges a sample of lesson 01's mutants with the lesson's tests and rules",
          .enabled(if: !KataBinary.isHandout, "a student handout has no Solutions/"))
    func lessonOne() throws {
        let result = KataBinary.run(["verify", "--mutants", "01", "--sample", "2", "--no-color"], in: KataBinary.packageRoot, timeout: 600)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("01-constructor-injection: 100% killed"), "\(result.output)")
        #expect(result.output.range(of: #"\d+ of \d+ mutants killed in \d+ s \(a sample: one mutant in 2\)"#, options: .regularExpression) != nil, "\(result.output)")
    }
}
