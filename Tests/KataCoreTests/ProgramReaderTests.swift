import Foundation
import Testing
@testable import KataCore

@Suite("ProgramReader: the frontend started directly, the driver when it gives no reading")
struct ProgramReaderTests {
    let files = [(path: "/course/Lessons/01-x/Sources/Car.swift", shown: "Lessons/01-x/Sources/Car.swift", text: "struct Car {}")]

    func reader(_ runner: ScriptedProcessRunner) -> ProgramReader {
        var reader = ProgramReader(swiftc: "/toolchain/bin/swiftc", processRunner: runner, environment: [:])
        reader.frontend = "/toolchain/bin/swift-frontend"
        return reader
    }

    @Test("code that does not compile: the frontend's errors end the reading, the driver is not asked again")
    func compileErrorEndsIt() {
        let runner = ScriptedProcessRunner { _ in
            ProcessResult(termination: .exited(1), output: "/course/Lessons/01-x/Sources/Car.swift:1:8: error: cannot find 'Wheel' in scope\n")
        }
        #expect(reader(runner).read(module: "Cars", files: files) == nil)
        #expect(runner.requests.map(\.executable) == ["/toolchain/bin/swift-frontend"])
        #expect(runner.requests.first?.arguments.starts(with: ["-frontend", "-dump-ast", "-dump-ast-format", "json", "-primary-file", files[0].path]) == true)
    }

    @Test("a frontend that fails for another reason (an option it lacks, a macro only the driver can expand): the driver reads")
    func otherFailureAsksTheDriver() {
        for output in ["<unknown>:0: error: unknown argument: '-dump-ast-format'\n",
                       "/course/Lessons/01-x/Sources/Car.swift:1:2: error: external macro implementation type 'ObservationMacros.ObservableMacro' could not be found\n"] {
            let runner = ScriptedProcessRunner { request in
                ProcessResult(termination: .exited(1), output: request.executable.hasSuffix("swift-frontend") ? output : "")
            }
            _ = reader(runner).read(module: "Cars", files: files)
            #expect(runner.requests.map(\.executable) == ["/toolchain/bin/swift-frontend", "/toolchain/bin/swiftc"], "\(output)")
        }
    }
}
