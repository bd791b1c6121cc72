import Foundation
import Testing
@testable import KataCore

@Suite("Vetting a submission")
struct SubmissionVetterTests {
    let vetter = SubmissionVetter(module: "ConstructorInjection", imports: ["Foundation"], namesTheTestsUse: ["Int", "Set", "print"])

    func rules(_ code: String) -> [String] {
        vetter.vet([(name: "RaceCar.swift", text: code)]).map(\.rule)
    }

    @Test("harness tampering is rejected: symbol attributes, #sourceLocation, shadowed modules and names, imports, operators on types it does not own")
    func tampering() {
        #expect(rules("@_cdecl(\"fwrite\") public func w() {}") == ["vetting:_cdecl"])
        #expect(rules("@_silgen_name(\"swift_retain\") func r()") == ["vetting:_silgen_name"])
        #expect(rules("@_spi(Experimental) import Foundation") == ["vetting:_spi"])
        #expect(rules("#sourceLocation(file: \"Tests/X.swift\", line: 1)\nlet a = 1\n#sourceLocation()") == ["vetting:sourceLocation", "vetting:sourceLocation"])
        #expect(rules("public enum Testing { }") == ["vetting:shadows-module"])
        #expect(rules("public typealias Foundation = Int") == ["vetting:shadows-module"])
        #expect(rules("public struct ConstructorInjectionTests {}") == ["vetting:shadows-module"])
        #expect(rules("public struct ConstructorInjection {}").isEmpty, "a type named like its own module is ordinary Swift")
        #expect(rules("public func print(_ items: Any...) {}") == ["vetting:shadows-name"])
        #expect(rules("public struct Set {}") == ["vetting:shadows-name"])
        #expect(rules("import XCTest") == ["vetting:import"])
        #expect(rules("import struct Glibc.FILE") == ["vetting:import"])
        #expect(rules("extension Int { public static func == (a: Int, b: Int) -> Bool { true } }") == ["vetting:operator"])
        #expect(rules("public func == (a: Int, b: Int) -> Bool { true }") == ["vetting:operator"])
        #expect(rules("final class Wheel { static func === (a: Wheel, b: Wheel) -> Bool { true } }") == ["vetting:operator"],
                "identity is not the code's to redefine, even on its own type")
        #expect(rules("public macro expect(_ c: Bool) = #externalMacro(module: \"M\", type: \"T\")").contains("vetting:macro"))
    }

    @Test("a condition on how the code is compiled (a feature, an attribute) is rejected; one on where it is compiled is not")
    func compileConditions() {
        #expect(rules("#if hasFeature(LibraryEvolution)\nlet a = 1\n#endif") == ["vetting:condition"])
        #expect(rules("#if os(Linux)\nlet a = 1\n#elseif hasAttribute(retroactive)\nlet a = 2\n#endif") == ["vetting:condition"])
        #expect(rules("#if $Macros\nlet a = 1\n#endif") == ["vetting:condition"])
        #expect(rules("#if os(Linux) || canImport(Darwin)\nlet a = 1\n#elseif DEBUG\nlet a = 2\n#endif").isEmpty)
        #expect(rules("let note = \"#if hasFeature(X)\"").isEmpty, "text in a string is no condition")
    }

    @Test("reaching for the process, raw files, the loader or the command line is rejected, however it is written")
    func processCalls() {
        #expect(rules("func f() { _ = fork() }") == ["vetting:call"])
        #expect(rules("func f() {\n let p = Process()\n}") == ["vetting:call"])
        #expect(rules("func f() { let h = dlopen(nil, 0); _ = h }") == ["vetting:call"])
        #expect(rules("let args = CommandLine.arguments") == ["vetting:call"])
        #expect(rules("let env = ProcessInfo.processInfo\n    .environment") == ["vetting:call"])
        #expect(rules("func f() { kill(0, 9) }") == ["vetting:call"])
        #expect(rules("func f() { Foundation.kill(0, 9); _ = Glibc.fork() }") == ["vetting:call"], "a module's name does not hide the call")
        #expect(rules("func f() { _ = SwiftGlibc.fork() }") == ["vetting:call"], "nor a module Foundation re-exports")
        #expect(rules("func f() { _ = `fork`() }") == ["vetting:call"], "nor backticks")
        #expect(rules("let spawn: () -> Int32 = fork") == ["vetting:call"], "nor a reference kept to call later")
        #expect(rules("func f() { let g = (Glibc.kill); _ = g }") == ["vetting:call"], "nor parentheses")
        #expect(rules("func f() { let k = SomeModuleNoListKnows.kill; _ = k }") == ["vetting:call"], "nor one no list knows")
        #expect(rules("struct Log { static func write(_ s: String) {}\n func f() { Log.write(\"x\"); Self.write(\"y\") } }").isEmpty,
                "the code's own `write` is no C call")
        #expect(rules("func f() { FileHandle.standardOutput.write(Data()) }") == ["vetting:call"])
        #expect(rules("func f() { _ = _typeByName(\"x\") }") == ["vetting:call"])
        #expect(rules("func f(p: UnsafeMutableRawPointer) {}").isEmpty, "a parameter type alone is not a call")
        #expect(rules("func f() { let p = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8); _ = p }") == ["vetting:call"])
    }

    @Test("a plain name the C library also has is left to the compiler's reading when there is one: a local `let open` is no call to open(2)")
    func localNamesLeftToTheCompiler() {
        let code = "final class Scope { var kept: [Int] = [] }\nfunc use(_ scope: Scope?) -> Int {\n    guard let open = scope else { return 0 }\n    return open.kept.count\n}\n"
        #expect(rules(code) == ["vetting:call"], "without the compiler's reading, the token reader cannot tell the local from the C function")
        var reading = vetter
        reading.compilerReadsNames = true
        #expect(reading.vet([(name: "RaceCar.swift", text: code)]).isEmpty, "with it, the compiler decides what `open` is (ProgramVetter refuses every C function it resolves)")
        #expect(reading.vet([(name: "RaceCar.swift", text: "func f() { _exit(1) }")]).map(\.rule) == ["vetting:call"], "an underscored name stays the token reader's too")
    }

    @Test("a `//` comment ends where the compiler ends it, at a lone carriage return too: what follows is read as code")
    func commentEndedByCarriageReturn() {
        #expect(!rules("public func run() {\n    // tidy up\rFileHandle(fileDescriptor: 1).write(Data())\n}\n").isEmpty)
        #expect(rules("public func run() {\n    // FileHandle(fileDescriptor: 1)\r\n    let a = 1\n}\n").isEmpty, "a CR LF line end is one line end: the comment stays a comment")
    }

    @Test("honest code passes: the lesson's own names, comments and strings that mention the forbidden words")
    func honestCode() {
        let honest = """
            import Foundation
            // fork() and Process() are not used here; "kill(0)" is just text.
            public struct Lap: Equatable { let ms: Int
                public static func == (a: Lap, b: Lap) -> Bool { a.ms == b.ms }
            }
            public final class Recorder {
                private var laps: [Lap] = []
                func write(_ lap: Lap) { laps.append(lap) }
                func open() { write(Lap(ms: 1)) }
                func path() -> String { NSTemporaryDirectory() + "\\(ProcessInfo.processInfo.processIdentifier)" }
                func here(line: Int = #line) -> Int { line }
            }
            """
        #expect(rules(honest).isEmpty, "\(rules(honest))")
    }

    @Test("a member added to a type the module does not own, under a name the tests use, is rejected; the lesson's own names are not")
    func memberShadowing() {
        let tests = ["""
            import Testing
            @testable import Tally
            @Test func counts() {
                let tally = Tally(votes: [1, 2])
                #expect(tally.votes.count == 2)
                #expect(tally.total == 3)
                #expect(String(describing: tally.total) == "3")
                #expect(!tally.votes.isEmpty && tally.label.uppercased() == "3 VOTES")
            }
            """]
        let solution = SourceModel.read([(name: "Tally.swift", text: "public struct Tally { public var votes: [Int]; public var total: Int { 0 }; public var label: String { \"\" } }")])
        let vetter = SubmissionVetter(module: "Tally", imports: ["Foundation"],
                                      membersTheTestsUse: SubmissionVetter.membersUsed(byTests: tests, notDeclaredIn: solution),
                                      constructionsTheTestsUse: SubmissionVetter.constructions(byTests: tests))
        func rules(_ code: String) -> [String] { vetter.vet([(name: "Tally.swift", text: code)]).map(\.rule) }
        #expect(rules("extension Array { public var count: Int { 2 } }") == ["vetting:shadows-member"])
        #expect(rules("extension Swift.Array { var count: Int { 2 } }") == ["vetting:shadows-member"])
        #expect(rules("extension [Int] { var count: Int { 2 } }") == ["vetting:shadows-member"])
        #expect(rules("extension Optional<Int> { var isEmpty: Bool { false } }") == ["vetting:shadows-member"])
        #expect(rules("extension Collection {\n  var isEmpty: Bool { false }\n}") == ["vetting:shadows-member"])
        #expect(rules("extension String { func uppercased() -> String { \"3 VOTES\" } }") == ["vetting:shadows-member"])
        #expect(rules("extension String { init(describing value: Int) { self = \"3\" } }") == ["vetting:shadows-member"])
        #expect(rules("extension Array where Element == Int { subscript(i: Int) -> Int { 0 } }") == ["vetting:shadows-member"])
        #expect(rules("extension Array where Element == Int { subscript(safe i: Int) -> Int? { nil } }").isEmpty, "a labelled subscript replaces no `array[i]`")
        #expect(rules("extension Array where Element == Int { var total: Int { reduce(0, +) } }").isEmpty,
                "the lesson's own name on a helper extension replaces nothing the tests take from Swift")
        #expect(rules("extension String { init(votes: Int) { self = \"\\(votes) votes\" } }").isEmpty, "a new initializer label replaces nothing")
        #expect(rules("extension Int { var doubled: Int { self * 2 } }").isEmpty, "a new name replaces nothing")
        #expect(rules("public struct Tally { var count: Int { 2 } }\nextension Tally { var isEmpty: Bool { false } }").isEmpty,
                "the module's own types may use any name")
    }

    @Test("only Swift's own symbols may be exported by a built library")
    func symbols() {
        let nm = """
            0000000000001130 T $s20ConstructorInjection7RaceCarC5startSSyF
            0000000000004020 D __dso_handle
                             U fwrite
            0000000000001200 T fwrite
            0000000000001300 T _init
            0000000000001400 T my_hook
            """
        #expect(SubmissionVetter.foreignSymbols(nmOutput: nm) == ["fwrite", "my_hook"])
    }
}
