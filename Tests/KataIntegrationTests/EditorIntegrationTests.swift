import Foundation
import Testing
import KataCore

/// The real sourcekit-lsp, driven over JSON-RPC on stdio the way an editor
/// does, against a temporary copy of lesson 01 with the compilation databases
/// kata writes: no environment, no setting.
@Suite("Editors understand lesson files", .serialized, .enabled(if: LanguageServer.executable != nil,
    "sourcekit-lsp was not found next to swiftc on PATH (set KATA_SOURCEKIT_LSP to its path): the editor test is skipped"))
struct EditorIntegrationTests {
    static let lesson = "01-constructor-injection"

    /// Whether the reference solution is here (not in a student handout).
    static var hasSolution: Bool {
        FileManager.default.fileExists(atPath: "\(KataBinary.packageRoot)/Solutions/\(lesson)/Sources")
    }

    /// A course folder like a fresh clone's: the manifest, lesson 01 (the reference
    /// solution as the learner's code, so a learner's edits never matter; the pristine
    /// starter in a handout) and its tests.
    func makeCourse() throws -> String {
        let root = NSTemporaryDirectory() + "kata-editor-\(UUID().uuidString)"
        let manager = FileManager.default
        let repository = KataBinary.packageRoot
        try manager.createDirectory(atPath: "\(root)/Lessons/\(Self.lesson)", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: "\(root)/Tests/Lessons", withIntermediateDirectories: true)
        try manager.copyItem(atPath: "\(repository)/Package.swift", toPath: "\(root)/Package.swift")
        try manager.copyItem(atPath: "\(repository)/Lessons/\(Self.lesson)/lesson.json", toPath: "\(root)/Lessons/\(Self.lesson)/lesson.json")
        if Self.hasSolution {
            try manager.copyItem(atPath: "\(repository)/Solutions/\(Self.lesson)/Sources", toPath: "\(root)/Lessons/\(Self.lesson)/Sources")
        } else {
            try manager.createDirectory(atPath: "\(root)/Lessons/\(Self.lesson)/Sources", withIntermediateDirectories: true)
            let extracted = PosixProcessRunner(groups: ProcessGroupRegistry()).run(ProcessRequest(
                executable: "/bin/sh",
                arguments: ["-c", "git archive HEAD Lessons/$1/Sources | tar -x -C \"$2\" || cp -R Lessons/$1/Sources/. \"$2/Lessons/$1/Sources/\"", "sh", Self.lesson, root],
                environment: ProcessInfo.processInfo.environment, workingDirectory: repository, timeout: 120))
            #expect(extracted.termination.succeeded, "\(extracted.output)")
        }
        try manager.copyItem(atPath: "\(repository)/Tests/Lessons/\(Self.lesson)", toPath: "\(root)/Tests/Lessons/\(Self.lesson)")
        let fileSystem = LocalFileSystem()
        let course = try CourseLoader(fileSystem: fileSystem).load(root: root)
        let result = EditorFiles(fileSystem: fileSystem).refresh(course)
        #expect(result.failed.isEmpty, "could not write \(result.failed)")
        #expect(fileSystem.isFile("\(root)/Lessons/\(Self.lesson)/compile_commands.json"))
        #expect(fileSystem.isFile("\(root)/Tests/Lessons/compile_commands.json"))
        return root
    }

    /// `text` with `insertion` put on a new line after the first line holding `anchor`.
    func insert(_ insertion: String, after anchor: String, in text: String) throws -> String {
        var lines = text.components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains(anchor) }, "no line holds \(anchor)")
        lines.insert(insertion, at: index + 1)
        return lines.joined(separator: "\n")
    }

    /// `text` with `snippet` added at its end, and the place of the snippet's `‸` (0-based line, UTF-16 column).
    func appending(_ snippet: String, to text: String) -> (String, line: Int, column: Int) {
        let whole = text + (text.hasSuffix("\n") ? "" : "\n") + snippet + "\n"
        let lines = whole.components(separatedBy: "\n")
        let line = lines.firstIndex { $0.contains("‸") } ?? 0
        let column = lines[line].components(separatedBy: "‸")[0].utf16.count
        return (whole.replacingOccurrences(of: "‸", with: ""), line, column)
    }

    @Test("a type error in a lesson source is reported, and completion offers a collaborator's members")
    func lessonSource() throws {
        let root = try makeCourse()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let file = "\(root)/Lessons/\(Self.lesson)/Sources/RaceCar.swift"
        let original = try String(contentsOfFile: file, encoding: .utf8)
        let server = try LanguageServer(root: root)
        defer { server.stop() }

        // A type error in the initializer's body.
        let broken = try insert("    let x: Int = \"oops\"", after: "public final class RaceCar", in: original)
        try broken.write(toFile: file, atomically: true, encoding: .utf8)
        server.open(file, text: broken)
        let diagnostics = try server.waitForDiagnostics(of: file) { found in
            found.contains { $0.isError && $0.message.contains("Cannot convert value of type 'String' to specified type 'Int'") }
        }
        #expect(diagnostics.contains { $0.message.contains("Cannot convert value of type 'String' to specified type 'Int'") },
                "sourcekit-lsp reported \(diagnostics.map(\.message)) for RaceCar.swift")

        // `engine.` in a method of the car: the engine protocol's members, from another file of the lesson.
        let (probing, line, column) = appending("extension RaceCar {\n    func probe() {\n        _ = engine.‸\n    }\n}", to: original)
        server.change(file, text: probing, version: 2)
        let labels = try server.completion(file, line: line, column: column)
        #expect(labels.contains { $0.hasPrefix("horsepower") }, "completion after `engine.` offered \(labels)")
        #expect(labels.contains { $0.hasPrefix("ignite") }, "completion after `engine.` offered \(labels)")
    }

    @Test("a lesson's test file sees Swift Testing and the lesson's module: errors are real ones, completion works")
    func lessonTests() throws {
        let root = try makeCourse()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let file = "\(root)/Tests/Lessons/\(Self.lesson)/RaceCarTests.swift"
        let original = try String(contentsOfFile: file, encoding: .utf8)
        let server = try LanguageServer(root: root)
        defer { server.stop() }

        let broken = try insert("        let oops: Int = car.start()", after: "let car = RaceCar(engine: spy)", in: original)
        server.open(file, text: broken)
        // With the reference solution as the lesson's code, `car.start()` returns String; in a student
        // handout the code is the starter, whose RaceCar has only init(). Either error needs a server
        // that knows the lesson's module (without it, RaceCar is not in scope).
        let expected = Self.hasSolution ? "Cannot convert value of type 'String' to specified type 'Int'" : "Argument passed to call that takes no arguments"
        let diagnostics = try server.waitForDiagnostics(of: file) { found in
            found.contains { $0.isError && $0.message.contains(expected) }
        }
        #expect(diagnostics.contains { $0.message.contains(expected) },
                "sourcekit-lsp reported \(diagnostics.map(\.message)) for RaceCarTests.swift")
        let errors = diagnostics.filter(\.isError).map(\.message)
        #expect(!errors.contains { $0.contains("no such module") || $0.contains("in scope") }, "\(errors)")
        if Self.hasSolution {
            #expect(errors.count == 1, "against the reference solution the only error is the one put in; sourcekit-lsp reported \(errors)")
        }

        let (probing, line, column) = appending("func probe(car: RaceCar) {\n    _ = car.‸\n}", to: original)
        server.change(file, text: probing, version: 2)
        let labels = try server.completion(file, line: line, column: column)
        #expect(labels.contains { $0.hasPrefix("start") }, "completion after `car.` offered \(labels)")
        #expect(labels.contains { $0.hasPrefix("topSpeed") }, "completion after `car.` offered \(labels)")
    }

    @Test("a file the learner adds is understood once kata has refreshed the lesson's database")
    func addedFile() throws {
        let root = try makeCourse()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let file = "\(root)/Lessons/\(Self.lesson)/Sources/PitStop.swift"
        let text = "struct PitStop {\n    let engine: any Engine\n    func check() {\n        let x: Int = \"oops\"\n    }\n}\n"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let server = try LanguageServer(root: root)
        defer { server.stop() }
        server.open(file, text: text)

        // What a check does when the lesson's files changed (the next `kata check`, or watch mode's).
        let fileSystem = LocalFileSystem()
        let course = try CourseLoader(fileSystem: fileSystem).load(root: root)
        let written = EditorFiles(fileSystem: fileSystem).refresh(course).written
        let database = "\(root)/Lessons/\(Self.lesson)/compile_commands.json"
        #expect(written.contains(database))
        server.changedOnDisk(database)
        server.change(file, text: text + "\n", version: 2)

        // sourcekit-lsp may take its first look at the file before it reloads the database. An editor then
        // sends the database's change again when it sees it, and the learner switches back to the file:
        // every other wait, the file is closed and opened again.
        var version = 2
        let diagnostics = try server.waitForDiagnostics(of: file, nudge: {
            version += 1
            server.changedOnDisk(database)
            if version.isMultiple(of: 2) {
                server.close(file)
                server.open(file, text: text + String(repeating: "\n", count: version - 1))
            } else {
                server.change(file, text: text + String(repeating: "\n", count: version - 1), version: version)
            }
        }) { found in
            found.contains { $0.isError && $0.message.contains("Cannot convert value of type 'String' to specified type 'Int'") }
        }
        #expect(diagnostics.contains { $0.message.contains("Cannot convert value of type 'String' to specified type 'Int'") },
                "sourcekit-lsp reported \(diagnostics.map(\.message)) for the added PitStop.swift")
        #expect(!diagnostics.contains { $0.message.contains("Engine") && $0.isError }, "\(diagnostics.map(\.message))")
    }
}

/// The databases are committed, so a fresh clone opened in an editor works before kata ever
/// ran: they must match the lessons committed with them. Read from git's `HEAD`, so a learner's
/// work in `Lessons/` never turns this red.
@Suite("Committed editor files")
struct CommittedEditorFilesTests {
    static var isGitCheckout: Bool {
        FileManager.default.fileExists(atPath: KataBinary.packageRoot + "/.git")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/git")
    }

    @Test("every compile_commands.json in HEAD is what kata writes for the lessons in HEAD",
          .enabled(if: isGitCheckout, "not a git checkout (a handout or an archive): nothing committed to compare"))
    func current() throws {
        let target = NSTemporaryDirectory() + "kata-head-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: target) }
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        let extracted = PosixProcessRunner(groups: ProcessGroupRegistry()).run(ProcessRequest(
            executable: "/bin/sh",
            arguments: ["-c", "git archive HEAD Lessons Solutions Tests/Lessons | tar -x -C \"$1\"", "sh", target],
            environment: ProcessInfo.processInfo.environment, workingDirectory: KataBinary.packageRoot, timeout: 120))
        #expect(extracted.termination.succeeded, "git archive failed: \(extracted.output)")
        let fileSystem = LocalFileSystem()
        let course = try CourseLoader(fileSystem: fileSystem).load(root: target)
        let databases = EditorFiles(fileSystem: fileSystem).databases(for: course)
        #expect(databases.count >= course.lessons.count + 1)
        for (path, text) in databases {
            let shown = String(path.dropFirst(target.count + 1))
            let committed = try? String(contentsOfFile: path, encoding: .utf8)
            #expect(committed == text, "\(shown) is missing or out of date: run any kata command (`swift run kata list`) and commit the compile_commands.json files it rewrites")
        }
    }
}

/// A language server child process spoken to over JSON-RPC on its stdin and stdout.
final class LanguageServer: @unchecked Sendable {
    struct Diagnostic {
        var message: String
        var severity: Int
        var isError: Bool { severity == 1 }
    }

    static var executable: String? {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["KATA_SOURCEKIT_LSP"], !explicit.isEmpty {
            return FileManager.default.isExecutableFile(atPath: explicit) ? explicit : nil
        }
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let swiftc = "\(folder)/swiftc"
            guard FileManager.default.fileExists(atPath: swiftc) else { continue }
            let real = (swiftc as NSString).resolvingSymlinksInPath
            let candidate = (real as NSString).deletingLastPathComponent + "/sourcekit-lsp"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            let beside = "\(folder)/sourcekit-lsp"
            if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        }
        return nil
    }

    /// Seconds to wait for an answer: generous, so a loaded machine only makes the test slower.
    let patience: Double = 240
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let lock = NSLock()
    private var buffer = Data()
    private var messages: [[String: Any]] = []
    private var nextID = 1
    private let scratch: String

    init(root: String) throws {
        guard let executable = Self.executable else { throw Failure("no sourcekit-lsp") }
        scratch = NSTemporaryDirectory() + "kata-lsp-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: executable)
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        var environment = ProcessInfo.processInfo.environment
        // No KATA_LESSON or other setting: the server sees what an editor started anywhere would.
        for key in environment.keys where key.hasPrefix("KATA_") { environment[key] = nil }
        environment["TMPDIR"] = scratch
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.receive(data)
        }
        try process.run()
        let id = request("initialize", [
            "processId": Int(ProcessInfo.processInfo.processIdentifier),
            "rootUri": URL(fileURLWithPath: root).absoluteString,
            "capabilities": [
                "workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]],
                "textDocument": [
                    "publishDiagnostics": [:] as [String: Any],
                    "completion": ["completionItem": ["snippetSupport": false]],
                ] as [String: Any],
            ] as [String: Any],
        ])
        _ = try waitForMessage("the answer to initialize") { $0["id"] as? Int == id }
        notify("initialized", [:])
    }

    func open(_ path: String, text: String) {
        notify("textDocument/didOpen", ["textDocument": [
            "uri": URL(fileURLWithPath: path).absoluteString, "languageId": "swift", "version": 1, "text": text,
        ] as [String: Any]])
    }

    func close(_ path: String) {
        notify("textDocument/didClose", ["textDocument": ["uri": URL(fileURLWithPath: path).absoluteString]])
    }

    /// What an editor sends when a file the server watches changed on disk.
    func changedOnDisk(_ path: String) {
        notify("workspace/didChangeWatchedFiles", ["changes": [["uri": URL(fileURLWithPath: path).absoluteString, "type": 2]]])
    }

    func change(_ path: String, text: String, version: Int) {
        notify("textDocument/didChange", [
            "textDocument": ["uri": URL(fileURLWithPath: path).absoluteString, "version": version] as [String: Any],
            "contentChanges": [["text": text]],
        ])
    }

    /// The newest diagnostics published for `path` once `done` accepts them (or when patience runs out).
    /// `nudge`, when given, runs every `nudgeEvery` seconds without the diagnostics wanted: what a learner who
    /// keeps typing does, so a server that read an edit before it read a changed database gets another chance.
    func waitForDiagnostics(of path: String, nudgeEvery: TimeInterval = 15, nudge: (() -> Void)? = nil,
                            until done: ([Diagnostic]) -> Bool) throws -> [Diagnostic] {
        let uri = URL(fileURLWithPath: path).absoluteString
        var latest: [Diagnostic] = []
        let deadline = Date().addingTimeInterval(patience)
        var nextNudge = Date().addingTimeInterval(nudgeEvery)
        while Date() < deadline {
            if let nudge, Date() >= nextNudge {
                nudge()
                nextNudge = Date().addingTimeInterval(nudgeEvery)
            }
            let published = takeAll { $0["method"] as? String == "textDocument/publishDiagnostics" }
            for message in published {
                guard let params = message["params"] as? [String: Any], params["uri"] as? String == uri,
                      let list = params["diagnostics"] as? [[String: Any]] else { continue }
                latest = list.map { Diagnostic(message: $0["message"] as? String ?? "", severity: $0["severity"] as? Int ?? 0) }
                if done(latest) { return latest }
            }
            try checkAlive()
            Thread.sleep(forTimeInterval: 0.1)
        }
        return latest
    }

    /// The labels completion offers at a place.
    func completion(_ path: String, line: Int, column: Int) throws -> [String] {
        let id = request("textDocument/completion", [
            "textDocument": ["uri": URL(fileURLWithPath: path).absoluteString],
            "position": ["line": line, "character": column],
        ])
        let answer = try waitForMessage("the completion answer") { $0["id"] as? Int == id && $0["method"] == nil }
        let result = answer["result"]
        let items = (result as? [String: Any])?["items"] as? [[String: Any]] ?? result as? [[String: Any]] ?? []
        return items.compactMap { $0["label"] as? String }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    func stop() {
        if process.isRunning {
            let id = request("shutdown", nil)
            _ = try? waitForMessage("the answer to shutdown", timeout: 10) { $0["id"] as? Int == id && $0["method"] == nil }
            notify("exit", nil)
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { process.terminate() }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        output.fileHandleForReading.readabilityHandler = nil
        try? FileManager.default.removeItem(atPath: scratch)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    // MARK: - JSON-RPC

    private func send(_ object: [String: Any]) {
        guard let body = try? JSONSerialization.data(withJSONObject: object) else { return }
        var data = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        data.append(body)
        try? input.fileHandleForWriting.write(contentsOf: data)
    }

    private func request(_ method: String, _ params: Any?) -> Int {
        let id = lock.withLock { () -> Int in nextID += 1; return nextID }
        var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
        if let params { message["params"] = params }
        send(message)
        return id
    }

    private func notify(_ method: String, _ params: Any?) {
        var message: [String: Any] = ["jsonrpc": "2.0", "method": method]
        if let params { message["params"] = params }
        send(message)
    }

    private func receive(_ data: Data) {
        var requests: [[String: Any]] = []
        lock.withLock {
            buffer.append(data)
            while let headerEnd = buffer.range(of: Data("\r\n\r\n".utf8)) {
                let header = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
                let length = header.split(separator: "\r\n")
                    .first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                guard buffer.count - (headerEnd.upperBound - buffer.startIndex) >= length else { break }
                let body = buffer[headerEnd.upperBound..<(headerEnd.upperBound + length)]
                buffer = Data(buffer[(headerEnd.upperBound + length)...])
                guard let message = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { continue }
                messages.append(message)
                if message["method"] != nil, message["id"] != nil { requests.append(message) }
            }
        }
        // Requests from the server (progress, configuration): an editor answers them.
        for request in requests {
            send(["jsonrpc": "2.0", "id": request["id"] ?? NSNull(), "result": NSNull()])
        }
    }

    private func takeAll(_ matching: ([String: Any]) -> Bool) -> [[String: Any]] {
        lock.withLock {
            let taken = messages.filter(matching)
            messages.removeAll(where: matching)
            return taken
        }
    }

    private func waitForMessage(_ what: String, timeout: Double? = nil, _ matching: ([String: Any]) -> Bool) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout ?? patience)
        while Date() < deadline {
            if let found = takeAll(matching).first { return found }
            try checkAlive()
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw Failure("sourcekit-lsp sent no \(what) within \(Int(timeout ?? patience)) s")
    }

    private func checkAlive() throws {
        guard process.isRunning else {
            throw Failure("sourcekit-lsp stopped (status \(process.terminationStatus))")
        }
    }
}
