import Foundation
import Testing
import KataCore

/// Vetting on what the compiler reads, by allowlist: hostile code in spellings the token reader
/// misreads is refused, and every honest solution of the course passes.
@Suite("Vetting the program the compiler reads")
struct ProgramVetterTests {
    static func vet(_ files: [String: String], imports: [String] = ["Foundation"]) throws -> [RuleFinding] {
        let toolchain = try #require(MeaningJudgeTests.toolchain, "no Swift compiler found")
        let folder = NSTemporaryDirectory() + "kata-vet-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var inputs: [(path: String, shown: String, text: String)] = []
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            try text.write(toFile: "\(folder)/\(name)", atomically: true, encoding: .utf8)
            inputs.append((path: "\(folder)/\(name)", shown: name, text: text))
        }
        let reader = ProgramReader(swiftc: toolchain.swiftc, processRunner: PosixProcessRunner(groups: ProcessGroupRegistry()),
                                   environment: ["PATH": "/usr/bin:/bin", "HOME": folder, "TMPDIR": folder])
        guard let program = reader.read(module: "Lesson", files: inputs) else {
            Issue.record("the compiler gave no reading of \(files.keys.sorted())")
            return []
        }
        return ProgramVetter(module: "Lesson", imports: imports).vet(program)
    }

    @Test("hostile code is refused however it hides from a token reader", arguments: [
        ("a comment the compiler ends at a lone CR", "import Foundation\npublic func run() {\n    // tidy up\rexit(0)\n}\n", "vetting:c-function"),
        ("text between two regex literals", "import Foundation\npublic func run() {\n    _ = /\"\"\"/\n    _ = getpid()\n    _ = /\"\"\"/\n}\n", "vetting:c-function"),
        ("a member named like the C function", "import Foundation\npublic struct Pipes { func dup2() {} }\npublic func run() {\n    Pipes().dup2()\n    _ = Foundation.dup2(1, 2)\n}\n", "vetting:c-function"),
        ("an attribute without its underscore (@used @section)", "public struct Hook {\n    @used @section(\".init_array\") static let run: @convention(c) () -> Void = { }\n}\n", "vetting:attribute"),
        ("a C symbol exported with @c", "@c(s4main5startyyF) public func start() {}\n", "vetting:attribute"),
        ("@_cdecl", "@_cdecl(\"start\") public func start() {}\n", "vetting:attribute"),
        ("a raw file descriptor through Foundation", "import Foundation\npublic func run() {\n    FileHandle(fileDescriptor: 1).write(Data())\n}\n", "vetting:call"),
        ("a process", "import Foundation\npublic func run() throws {\n    try Process.run(URL(fileURLWithPath: \"/bin/true\"), arguments: [])\n}\n", "vetting:call"),
        ("raw memory", "public func run() -> Int {\n    withUnsafeTemporaryAllocation(of: Int.self, capacity: 1) { $0.count }\n}\n", "vetting:call"),
        ("an always-true == added to Int through a typealias", "public struct Car { public typealias Count = Swift.Int }\nextension Car.Count {\n    public static func == (a: Int, b: Int) -> Bool { true }\n}\n", "vetting:foreign-extension"),
        ("a member added to Array", "extension Array {\n    public var isEmpty: Bool { false }\n}\n", "vetting:foreign-extension"),
        ("a standard-library member replaced through a protocol of its own that refines Collection and Array adopts", "public protocol Roster: Collection {}\nextension Roster {\n    public var isEmpty: Bool { true }\n}\nextension Array: Roster {}\n", "vetting:foreign-extension"),
        ("the same through a protocol two steps away", "public protocol Listing: Sequence {}\npublic protocol Roster: Listing {}\nextension Listing {\n    public func contains(_ x: Int) -> Bool { true }\n}\nextension Set: Roster {}\n", "vetting:foreign-extension"),
        ("an operator at file scope on types it does not own", "infix operator ~~~\npublic func ~~~ (a: String, b: String) -> Bool { true }\n", "vetting:operator"),
        ("the command line through a ProcessInfo kept in a constant", "import Foundation\npublic func run() -> [String] {\n    let info = ProcessInfo.processInfo\n    return info.arguments\n}\n", "vetting:call"),
        ("a thread started through a protocol of its own that Thread adopts", "import Foundation\npublic protocol Launcher { static func detachNewThread(_ block: @escaping @Sendable () -> Void) }\nextension Thread: Launcher {}\npublic func run<L: Launcher>(_ kind: L.Type) { kind.detachNewThread { } }\npublic func go() { run(Thread.self) }\n", "vetting:call"),
        ("the environment through a protocol of its own that ProcessInfo adopts", "import Foundation\npublic protocol Settings { var environment: [String: String] { get } }\nextension ProcessInfo: Settings {}\npublic func read(_ settings: any Settings) -> Int { settings.environment.count }\n", "vetting:call"),
        ("an enum case's default argument", "import Foundation\nenum Signal {\n    case box(lap: Int = { FileHandle(fileDescriptor: 1).write(Data()); return 1 }())\n}\npublic func run() { _ = Signal.box() }\n", "vetting:call"),
        ("a C call in an enum case's default argument", "import Foundation\nenum Signal {\n    case box(lap: Int = Int(getpid()))\n}\npublic func run() { _ = Signal.box() }\n", "vetting:c-function"),
        ("an import of the tests' framework between two regex literals", "public func run() {\n    _ = /\"\"\"/\n}\nimport Testing\nfunc tidy() { _ = /\"\"\"/ }\n", "vetting:import"),
        ("a type named like the tests' framework between two regex literals", "func a() { _ = /\"\"\"/ }\npublic enum Testing { public static let on = true }\nfunc b() { _ = /\"\"\"/ }\n", "vetting:shadows-module"),
        ("a compiler-reserved name between two regex literals", "func a() { _ = /\"\"\"/ }\npublic func __checkValue(_ value: Bool) -> Bool { true }\nfunc b() { _ = /\"\"\"/ }\n", "vetting:shadows-name"),
        ("an identity operator of its own between two regex literals", "public final class Recorder {}\nfunc a() { _ = /\"\"\"/ }\nextension Recorder { public static func === (a: Recorder, b: Recorder) -> Bool { false } }\nfunc b() { _ = /\"\"\"/ }\n", "vetting:operator"),
        ("a re-exported import", "@_exported import Foundation\npublic struct Car {}\n", "vetting:import"),
        ("raw memory through an array's uninitialized storage", "public func peek() -> [UInt8] {\n    [UInt8](unsafeUninitializedCapacity: 64) { _, count in count = 64 }\n}\n", "vetting:call"),
        ("raw memory through the standard library's underscored pointer protocol", "func read<P: _Pointer>(_ kind: P.Type, at address: Int) -> P? { P(bitPattern: address) }\npublic func peek(_ object: AnyObject) -> Int { read(UnsafeRawPointer.self, at: Int(bitPattern: ObjectIdentifier(object))) == nil ? 0 : 1 }\n", "vetting:call"),
        ("a C string read from an address", "public func peek(_ address: Int) -> String {\n    String(cString: UnsafePointer<CChar>(bitPattern: address)!)\n}\n", "vetting:call"),
        ("its own command line read as a file", "import Foundation\npublic var watched: Bool { ((try? String(contentsOfFile: \"/proc/self/cmdline\", encoding: .utf8)) ?? \"\").contains(\"--event-stream\") }\n", "vetting:file-system"),
        ("a file read by URL", "import Foundation\npublic func peek() -> Int { (try? Data(contentsOf: URL(fileURLWithPath: \"/proc/self/maps\")))?.count ?? 0 }\n", "vetting:file-system"),
        ("a file written", "import Foundation\npublic func mark() { try? \"x\".write(toFile: \"/tmp/seen\", atomically: true, encoding: .utf8) }\n", "vetting:file-system"),
        ("the file manager", "import Foundation\npublic func seen() -> Bool { FileManager.default.fileExists(atPath: \"/kata/run/events.jsonl\") }\n", "vetting:file-system"),
        ("a URL's resource values", "import Foundation\npublic func size() -> Int { (try? URL(fileURLWithPath: \"/kata\").resourceValues(forKeys: [.fileSizeKey]))?.fileSize ?? 0 }\n", "vetting:file-system"),
        ("a property wrapper's attribute argument", "import Foundation\n@propertyWrapper public struct Flag { public var wrappedValue: Bool\n    public init(wrappedValue: Bool, _ check: Int) { self.wrappedValue = wrappedValue } }\npublic struct Car {\n    @Flag({ _exit(0) }()) public var fast = true\n}\n", "vetting:c-function"),
    ])
    func hostileCode(_ name: String, _ code: String, _ rule: String) throws {
        let findings = try Self.vet(["Hostile.swift": code])
        #expect(findings.contains { $0.rule == rule }, "\(name): \(findings.map { "\($0.location) [\($0.rule)]" })")
    }

    @Test("a type of Foundation adopting the code's own protocol (an adapter) passes vetting, defaults in its extension included, when the protocol refines only marker protocols")
    func adapterConformance() throws {
        let code = """
            import Foundation
            public protocol Clock: Sendable { var timeIntervalSinceReferenceDate: TimeInterval { get } }
            extension Clock {
                public var minutes: Double { timeIntervalSinceReferenceDate / 60 }
            }
            extension Date: Clock {}
            public struct Board { let clock: any Clock; public init(clock: any Clock) { self.clock = clock } }
            """
        let findings = try Self.vet(["Clock.swift": code])
        #expect(findings.isEmpty, "\(findings.map { "\($0.location) [\($0.rule)] \($0.message)" })")
    }

    @Test("honest code with a helper function declared inside a function, a local type and a closure passes vetting")
    func localDeclarations() throws {
        let code = """
            import Foundation
            func signal(_ laps: [Int]) -> Int {
                func best(_ values: [Int]) -> Int { values.min() ?? 0 }
                struct Pair { let a: Int; let b: Int }
                let pair = Pair(a: best(laps), b: laps.count)
                return [pair].map { $0.a + $0.b }.reduce(0, +)
            }
            public enum Board { case lap(Int = 0); public static func show() -> Int { signal([3, 1, 2]) } }
            """
        let findings = try Self.vet(["Board.swift": code])
        #expect(findings.isEmpty, "\(findings.map { "\($0.location) [\($0.rule)] \($0.message)" })")
    }

    @Test("the object file's calls are read, wherever the source put them (a subscript's default argument, which the compiler's reading does not show): a C function, a file descriptor; honest code calls neither")
    func outsideCallsInTheObjectFile() throws {
        let toolchain = try #require(MeaningJudgeTests.toolchain, "no Swift compiler found")
        let folder = NSTemporaryDirectory() + "kata-calls-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let runner = PosixProcessRunner(groups: ProcessGroupRegistry())
        let bin = (toolchain.swiftc as NSString).deletingLastPathComponent
        func calls(_ name: String, _ code: String) throws -> [String] {
            try code.write(toFile: "\(folder)/\(name).swift", atomically: true, encoding: .utf8)
            let built = runner.run(ProcessRequest(executable: toolchain.swiftc, arguments: ["-emit-library", "-parse-as-library", "-module-name", name,
                                                                                              "\(folder)/\(name).swift", "-o", "\(folder)/lib\(name).so"],
                                                  environment: ["PATH": "/usr/bin:/bin", "HOME": folder, "TMPDIR": folder], timeout: 120))
            #expect(built.termination.succeeded, "\(built.output)")
            let listed = runner.run(ProcessRequest(executable: "\(bin)/llvm-nm", arguments: ["-u", "\(folder)/lib\(name).so"], environment: ["PATH": "/usr/bin:/bin"], timeout: 60))
            let symbols = Grader.undefinedSymbols(nmOutput: listed.output)
            var found = symbols.filter(Grader.isForeignCall)
            let swift = symbols.filter { $0.hasPrefix("$s") }
            let demangled = runner.run(ProcessRequest(executable: "\(bin)/swift-demangle", arguments: swift, environment: ["PATH": "/usr/bin:/bin"], timeout: 60))
            found += demangled.output.split(separator: "\n").map(String.init).filter(Grader.reachesTheProcess)
            return found
        }
        let honest = """
            import Foundation
            public protocol Engine { func start() -> String }
            public final class Car { let engine: any Engine; var laps: [Int] = []
                public init(engine: any Engine) { self.engine = engine }
                public func lap(_ time: Int) -> String { laps.append(time); return "\\(engine.start()) \\(laps.sorted()) \\(Date(timeIntervalSince1970: 0))" } }
            """
        #expect(try calls("Honest", honest).isEmpty)
        let hidden = try calls("Hidden", "import Foundation\npublic struct Grid {\n    public subscript(row: Int = Int(getpid())) -> Int { row }\n}\npublic func use() -> Int { Grid()[] }\n")
        #expect(hidden.contains("getpid"), "\(hidden)")
        let handle = try calls("Handle", "import Foundation\npublic struct Grid {\n    public subscript(row: Int = { FileHandle(fileDescriptor: 1).write(Data()); return 1 }()) -> Int { row }\n}\n")
        #expect(handle.contains { $0.contains("Foundation.FileHandle") }, "\(handle)")
    }

    @Test("the object file is read, not the names: code run before main or at exit, tests of its own, odd sections")
    func objectFile() throws {
        let toolchain = try #require(MeaningJudgeTests.toolchain, "no Swift compiler found")
        let folder = NSTemporaryDirectory() + "kata-objects-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let runner = PosixProcessRunner(groups: ProcessGroupRegistry())
        func sections(_ name: String, _ code: String) throws -> [String: Int] {
            try code.write(toFile: "\(folder)/\(name).swift", atomically: true, encoding: .utf8)
            let built = runner.run(ProcessRequest(executable: toolchain.swiftc, arguments: ["-emit-library", "-parse-as-library", "-module-name", name,
                                                                                              "\(folder)/\(name).swift", "-o", "\(folder)/lib\(name).so"],
                                                  environment: ["PATH": "/usr/bin:/bin", "HOME": folder, "TMPDIR": folder], timeout: 120))
            #expect(built.termination.succeeded, "\(built.output)")
            let objdump = (toolchain.swiftc as NSString).deletingLastPathComponent + "/llvm-objdump"
            let listed = runner.run(ProcessRequest(executable: objdump, arguments: ["-h", "\(folder)/lib\(name).so"], environment: ["PATH": "/usr/bin:/bin"], timeout: 60))
            return Grader.sections(objdumpHeaders: listed.output)
        }
        let honest = "public protocol Engine { func start() }\npublic final class Car { let engine: any Engine\n public init(engine: any Engine) { self.engine = engine } }\n"
        let reference = try sections("Reference", honest)
        #expect(reference[".init_array"] != nil && reference[".text"] != nil, "\(reference)")
        #expect(Grader.objectFileFindings(try sections("Other", honest + "public struct Extra: Sendable { public var n = 1; public init() {} }\n"), reference: reference).isEmpty)
        let hooked = try sections("Hooked", honest + """
            @used @section(".init_array") let early: @convention(c) () -> Void = { }
            @used @section(".fini_array") let late: @convention(c) () -> Void = { }
            @used @section("kata_hook") let marker: Int = 1

            """)
        let findings = Grader.objectFileFindings(hooked, reference: reference)
        #expect(findings.contains { $0.contains(".init_array") && $0.contains("before the tests start") }, "\(findings)")
        #expect(findings.contains { $0.contains(".fini_array") && $0.contains("after the tests end") }, "\(findings)")
        #expect(findings.contains { $0.contains("kata_hook") }, "\(findings)")
    }

    @Test("code that compiles but whose reading nests past what a JSON reader takes gives no reading (kata grade then rejects it)")
    func tooDeepToRead() throws {
        let toolchain = try #require(MeaningJudgeTests.toolchain, "no Swift compiler found")
        let deep = "public struct Laps { public var laps = [1]\n public func count() -> Int { laps\(String(repeating: ".self", count: 640)).count } }\n"
        let folder = NSTemporaryDirectory() + "kata-deep-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try deep.write(toFile: "\(folder)/Laps.swift", atomically: true, encoding: .utf8)
        let runner = PosixProcessRunner(groups: ProcessGroupRegistry())
        let compiled = runner.run(ProcessRequest(executable: toolchain.swiftc, arguments: ["-typecheck", "-parse-as-library", "\(folder)/Laps.swift"],
                                                 environment: ["PATH": "/usr/bin:/bin", "HOME": folder, "TMPDIR": folder], timeout: 120))
        #expect(compiled.termination.succeeded, "the code compiles: \(compiled.output)")
        let reader = ProgramReader(swiftc: toolchain.swiftc, processRunner: runner, environment: ["PATH": "/usr/bin:/bin", "HOME": folder, "TMPDIR": folder])
        #expect(reader.read(module: "Lesson", files: [(path: "\(folder)/Laps.swift", shown: "Laps.swift", text: deep)]) == nil)
    }

    @Test("a file the course gives may reach the disk (graded as the course's own copy); the student's own code may not")
    func givenFilesReachTheDisk() throws {
        let toolchain = try #require(MeaningJudgeTests.toolchain)
        let folder = NSTemporaryDirectory() + "kata-given-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = ["Disk.swift": "import Foundation\npublic struct Disk { public init() {}\n public func read(_ path: String) -> Data? { FileManager.default.contents(atPath: path) } }\n",
                     "Logger.swift": "import Foundation\npublic struct Logger { let disk: Disk\n public func last() -> Int { disk.read(\"/log\")?.count ?? 0 }\n public func peek() -> Int { FileManager.default.contents(atPath: \"/log\")?.count ?? 0 }\n public func pack() -> Data { var data = Data(); data.append(contentsOf: [1, 2]); return data } }\n"]
        var inputs: [(path: String, shown: String, text: String)] = []
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            try text.write(toFile: "\(folder)/\(name)", atomically: true, encoding: .utf8)
            inputs.append((path: "\(folder)/\(name)", shown: name, text: text))
        }
        let reader = ProgramReader(swiftc: toolchain.swiftc, processRunner: PosixProcessRunner(groups: ProcessGroupRegistry()),
                                   environment: ["PATH": "/usr/bin:/bin", "HOME": folder, "TMPDIR": folder])
        let program = try #require(reader.read(module: "Lesson", files: inputs))
        let findings = ProgramVetter(module: "Lesson", imports: ["Foundation"], givenFiles: ["Disk.swift"]).vet(program)
        #expect(findings.map(\.location) == ["Logger.swift:4"] && findings.allSatisfy { $0.rule == "vetting:file-system" }, "\(findings.map { "\($0.location) [\($0.rule)]" })")
    }

    @Test("a reference nothing checks (unowned(unsafe)) is refused; unowned and weak are not")
    func uncheckedReference() throws {
        let code = """
            final class Note { let text = "lap" }
            final class Car {
                unowned(unsafe) var note: Note
                unowned var checked: Note
                weak var maybe: Note?
                init(note: Note) { self.note = note; self.checked = note; self.maybe = note }
            }
            """
        let findings = try Self.vet(["Car.swift": code])
        #expect(findings.map { "\($0.location) \($0.rule)" } == ["Car.swift:3 vetting:unsafe-reference"], "\(findings.map(\.location))")
    }

    @Test("a module the lesson does not import is refused even when reached without an import line")
    func moduleNotAllowed() throws {
        let findings = try Self.vet(["Uses.swift": "import Foundation\npublic func now() -> Double { Date().timeIntervalSince1970 }\n"], imports: [])
        #expect(findings.contains { $0.rule == "vetting:module" })
    }

    @Test("every reference solution and every starter of the course passes",
          .enabled(if: !KataBinary.isHandout, "a student handout has no Solutions/"))
    func courseIsClean() throws {
        let fileSystem = LocalFileSystem()
        let course = try CourseLoader(fileSystem: fileSystem).load(root: KataBinary.packageRoot)
        let toolchain = try #require(MeaningJudgeTests.toolchain)
        let reader = ProgramReader(swiftc: toolchain.swiftc, processRunner: PosixProcessRunner(groups: ProcessGroupRegistry()),
                                   environment: ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TMPDIR": NSTemporaryDirectory()])
        for lesson in course.lessons {
            #expect(!lesson.metadata.fileSystem, "\(lesson.id): no lesson of the course lets the learner's code touch files; the disk stays behind a given wrapper")
            for folder in [lesson.solutionSources, lesson.sources] {
                let names = try fileSystem.filesRecursively(folder, withExtension: "swift").sorted()
                let inputs = try names.map { (path: "\(folder)/\($0)", shown: $0, text: try fileSystem.readText("\(folder)/\($0)")) }
                guard let program = reader.read(module: lesson.module, files: inputs) else {
                    Issue.record("\(folder): the compiler gave no reading")
                    continue
                }
                var findings = ProgramVetter(module: lesson.module, imports: lesson.metadata.allowedImports,
                                             givenFiles: Set(LessonFiles.fixed(lesson, fileSystem: fileSystem))).vet(program)
                // A starter may still reach the disk where taking it away is the lesson (05's logger writes its own file):
                // graded unchanged, that is a rejection that says to use the file system the lesson hands over.
                if folder == lesson.sources { findings.removeAll { $0.rule == "vetting:file-system" } }
                #expect(findings.isEmpty, "\(folder): \(findings.map { "\($0.location) [\($0.rule)] \($0.message)" })")
            }
        }
    }
}
