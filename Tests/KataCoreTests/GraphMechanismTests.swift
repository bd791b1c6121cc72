import Foundation
import Testing
@testable import KataCore

/// Decisions `kata graph` makes from what code does, each checked on a small program read by
/// the token reader (no compiler needed), with an in-memory file system.
@Suite("Graph decisions from what code does")
struct GraphMechanismTests {
    func analysis(_ files: [String: String]) throws -> DependencyAnalysis {
        var prefixed: [String: String] = [:]
        for (name, code) in files { prefixed["/code/\(name)"] = code }
        return try CodeAnalyzer(fileSystem: InMemoryFileSystem(prefixed), processRunner: ScriptedProcessRunner(),
                                swiftc: nil, environment: [:]).analyze(folder: "/code")
    }

    func found(_ files: [String: String]) throws -> [String] {
        try analysis(files).hiddenDependencies.map { "\($0.file):\($0.line) \($0.kind.rawValue) \($0.target)" }.sorted()
    }

    func found(_ code: String) throws -> [String] {
        try analysis(["Code.swift": code]).hiddenDependencies.map { "\($0.line) \($0.kind.rawValue) \($0.target)" }
    }

    // MARK: written type paths

    @Test("a written type path names the nested type, not its outer one: a value holding the platform's `NSEvent.ModifierFlags` holds no event service, even beside a class of the code's own of that simple name; a path to a nested type of the code's own is that type")
    func typePathsNameTheNestedType() throws {
        let code = """
            import AppKit
            final class ModifierFlags {
                var flags: NSEvent.ModifierFlags = []
                init() { _ = NSEvent.addLocalMonitorForEvents(matching: .flagsChanged) { event in event } }
            }
            struct Shortcut {
                var modifierFlags: NSEvent.ModifierFlags = [.command]
                var label: String { "\\(Sauce.shared.name)" }
            }
            enum Network {
                final class Client { func fetch() -> Data? { try? Data(contentsOf: URL(string: "https://example.com")!) } }
            }
            struct Feed {
                let client: Network.Client
                func load() -> Data? { client.fetch() }
            }
            final class Footer {
                var shortcuts: [Shortcut] = []
                var feeds: [Feed] = []
                init(client: Network.Client) {
                    shortcuts = [Shortcut(modifierFlags: [.command, .option])]
                    feeds = [Feed(client: Network.Client())]
                }
            }
            final class Screen { let flags = ModifierFlags() }
            """
        let findings = try found(code)
        #expect(!findings.contains { $0.hasSuffix("construction Shortcut()") }, "a value built from literals: \(findings)")
        #expect(findings.contains { $0.hasSuffix("construction Network.Client()") || $0.hasSuffix("construction Client()") }, "\(findings)")
        #expect(findings.contains { $0.hasSuffix("construction ModifierFlags()") }, "the code's own class that installs an event monitor: \(findings)")
        #expect(findings.contains { $0.contains("NSEvent.addLocalMonitorForEvents") }, "\(findings)")
    }

    @Test("the disk reached through a value is a finding by the call's shape (`data.write(to:)`, `url.resourceValues(forKeys:)`): not a stream handed `inout`, not a method of the code's own of that name and label")
    func fileSystemThroughValues() throws {
        let saver = """
            import Foundation
            final class Saver {
                let folder: URL
                init(folder: URL) { self.folder = folder }
                func save(_ data: Data) throws {
                    try data.write(to: folder.appendingPathComponent("lap"))
                    var output = ""
                    "lap".write(to: &output)
                    _ = try folder.resourceValues(forKeys: [.fileSizeKey])
                }
            }
            """
        let findings = try found(saver)
        #expect(findings == ["6 global state .write(to:)", "9 global state .resourceValues(forKeys:)"], "\(findings)")
        #expect(try analysis(["Code.swift": saver]).hiddenDependencies.first?.suggestion.english.contains("file store") == true)
        let own = """
            import Foundation
            protocol Persistable { func write(to url: URL) throws }
            final class Exporter {
                let document: any Persistable
                init(document: any Persistable) { self.document = document }
                func export(_ url: URL) throws { try document.write(to: url) }
            }
            """
        #expect(try found(own).isEmpty, "the code's own write(to:) is the one called")
    }

    @Test("the application object written bare (`NSApp as Any`, `return NSApp`) is the singleton, as `NSApp.isActive` is")
    func bareApplicationObject() throws {
        let code = """
            import AppKit
            final class Voice {
                func say(_ text: String) { NSAccessibility.post(element: NSApp as Any, notification: .announcementRequested) }
                func app() -> NSApplication { return NSApp }
                func active() -> Bool { NSApp.isActive }
            }
            """
        #expect(try found(code) == ["3 singleton NSApp", "4 singleton NSApp", "5 singleton NSApp"])
    }

    @Test("a suggestion fits where the code can change: a static that holds another type is taken as that type, by its own name; an extension of a type the code does not declare has no initializer to take it")
    func suggestionsFitTheOwner() throws {
        let code = """
            import AppKit
            final class BoolDefault {
                let key: String
                var enabled: Bool { UserDefaults.standard.bool(forKey: key) }
                init(key: String) { self.key = key }
            }
            final class Defaults { static let snapping = BoolDefault(key: "snapping") }
            final class Snapper { func snap() -> Bool { Defaults.snapping.enabled } }
            extension NSScreen {
                var isKey: Bool { NSApp.isActive }
                func adjusted() -> NSRect { NSApp.isActive ? frame : .zero }
            }
            """
        let findings = try analysis(["Code.swift": code]).hiddenDependencies
        let snapping = try #require(findings.first { $0.target == "Defaults.snapping" })
        #expect(snapping.suggestion.english.contains("`snapping: BoolDefault`"), "\(snapping.suggestion.english)")
        let property = try #require(findings.first { $0.line == 10 })
        #expect(property.suggestion.english.contains("make it a method") && !property.suggestion.english.contains("initializer"), "\(property.suggestion.english)")
        let method = try #require(findings.first { $0.line == 11 })
        #expect(method.suggestion.english.contains("parameter of `adjusted`"), "\(method.suggestion.english)")
    }

    @Test("`.init(...)` handed as a labelled argument of a type's initializer builds the type of the parameter so labelled (or of the stored property a memberwise initializer takes); a label the type does not have, or a method's argument, names nothing")
    func implicitInitAsAnArgument() throws {
        let code = """
            import Foundation
            final class RowModel {
                let session = URLSession(configuration: .default)
                init() {}
            }
            struct Row { var viewModel: RowModel }
            struct Cell {
                let model: RowModel
                init(model: RowModel, title: String) { self.model = model }
            }
            final class List {
                var rows: [Row] = []
                var cells: [Cell] = []
                func load() {
                    rows = [Row(viewModel: .init())]
                    cells = [Cell(model: .init(), title: "x")]
                    cells = [Cell.init(model: .init(), title: "y")]
                    rows = [Row(other: .init())]
                    keep(model: .init())
                }
                func keep(model: RowModel) {}
            }
            """
        let findings = try found(code)
        #expect(findings == ["3 construction URLSession()", "15 construction RowModel()", "16 construction RowModel()", "17 construction RowModel()"], "\(findings)")
    }

    @Test("`random` of a type of the code's own is its own member (an enum case, a preset), and a library's `random` read as a value is that value, not the random source; the platform's `Int.random(in:)` and `Bool.random()` are")
    func ownRandomIsAMember() throws {
        let code = """
            import Foundation
            enum SortBy: String { case name, random }
            final class Search {
                let order: SortBy
                init(order: SortBy) { self.order = order }
                func isRandom() -> Bool { order == SortBy.random }
                func roll() -> Int { Int.random(in: 1...6) }
                func coin() -> Bool { Bool.random() }
                func order() -> [ServerSort] { [ServerSort.random] }
            }
            """
        // `ServerSort` is a library's enum (declared elsewhere): its `random` case is read, not called.
        #expect(try found(code) == ["7 global state Int.random", "8 global state Bool.random"])
    }

    @Test("the platform reached through its C API families (window lists, SkyLight, message ports; not a pure geometry function), the command line, exit, and a platform type's member set")
    func platformFamilies() throws {
        let code = """
            import AppKit
            final class Cli: NSView {
                func run() {
                    let args = CommandLine.arguments
                    let port = CFMessagePortCreateRemote(nil, "x" as CFString)
                    let info = CGWindowListCopyWindowInfo(.optionAll, kCGNullWindowID)
                    let rect = CGRectMake(0, 0, 1, 1)
                    let size = CGSizeMake(1, 1)
                    let spaces = CGSCopySpacesForWindows(1, 2, [] as CFArray)
                    NSAppearance.current = effectiveAppearance
                    print(args, port as Any, info as Any, rect, size, spaces as Any)
                    exit(0)
                }
            }
            """
        #expect(try found(code) == ["4 global state CommandLine.arguments", "5 global state CFMessagePortCreateRemote()",
                                    "6 global state CGWindowListCopyWindowInfo()", "9 global state CGSCopySpacesForWindows()",
                                    "10 global state NSAppearance.current", "12 global state exit()"])
    }

    @Test("a static computed property that reaches for something is a finding at every read, as a static method is at every call")
    func staticComputedPropertiesAtTheirReaders() throws {
        let code = """
            import Foundation
            enum Preferences {
                static var shortcutCount: Int { UserDefaults.standard.integer(forKey: "count") }
                static func style() -> Int { UserDefaults.standard.integer(forKey: "style") }
            }
            final class Cli {
                func run() -> Int { Preferences.shortcutCount + Preferences.style() }
            }
            """
        let findings = try found(code)
        #expect(findings.contains("7 global state Preferences.shortcutCount") && findings.contains("7 global state Preferences.style"), "\(findings)")
    }

    @Test("a property wrapper's reach is a finding at every property it wraps (its attribute on the line or alone above it); the wrapper's own code is judged where it is written; @AppStorage's store comes from the environment")
    func propertyWrappersReachForEveryProperty() throws {
        let code = """
            import SwiftUI
            final class Store { static let shared = Store(); var values: [String: Any] = [:] }
            @propertyWrapper struct Stored<Value> {
                let key: String
                let fallback: Value
                init(_ key: String, default fallback: Value) { self.key = key; self.fallback = fallback }
                var wrappedValue: Value { Store.shared.values[key] as? Value ?? fallback }
            }
            struct SettingsView: View {
                @AppStorage("volume") var volume = 0.5
                @Stored("name", default: "") var name: String
                var body: some View { Text(name) }
            }
            final class Player {
                @Stored("rate", default: 1.0)
                var rate: Double
                let title = "x"
                func play() -> Double { rate }
            }
            """
        #expect(try found(code) == ["7 singleton Store.shared", "11 singleton @Stored (Store.shared)", "16 singleton @Stored (Store.shared)"])
    }

    @Test("an implicit member in code has the type of what receives it: a labelled argument of an initializer (the type's own `self.init` too) or a property assigned; a method's argument or a library's parameter names nothing")
    func implicitMembersInCode() throws {
        let code = """
            import Foundation
            final class ImagePipeline { static let shared = ImagePipeline(); var cache: [String: Data] = [:] }
            struct ImageView {
                let pipeline: ImagePipeline
                let name: String
                init(name: String, pipeline: ImagePipeline) { self.name = name; self.pipeline = pipeline }
                init(_ name: String) {
                    self.init(name: name, pipeline: .shared)
                }
            }
            final class Poster {
                private var pipeline: ImagePipeline
                init() {
                    self.pipeline = .shared
                }
                func make() -> ImageView { ImageView(name: "x", pipeline: .shared) }
                func other() -> Double { max(1, .pi) }
                func show(_ p: ImagePipeline) {}
                func again() { show(.shared) }
            }
            """
        #expect(try found(code) == ["8 singleton ImagePipeline.shared", "14 singleton ImagePipeline.shared", "16 singleton ImagePipeline.shared"])
        // A struct keeps its memberwise initializer when its other initializers are in an extension.
        let memberwise = """
            import Foundation
            final class ImagePipeline { static let shared = ImagePipeline(); var cache: [String: Data] = [:] }
            struct ImageView {
                private var pipeline: ImagePipeline
                private var name: String
            }
            extension ImageView {
                init(_ name: String) {
                    self.init(
                        pipeline: .shared,
                        name: name
                    )
                }
            }
            """
        #expect(try found(memberwise) == ["10 singleton ImagePipeline.shared"])
    }

    // MARK: variables nobody writes

    @Test("a static or global var of plain values that no code writes is a constant; written in any way, set from outside the module, or holding an object, it is shared state")
    func unwrittenVariablesAreConstants() throws {
        let code = """
            struct Config { var spaces = "·"; static var `default` = Config() }
            enum Sizes { static var all = [1, 2, 3] }
            enum Toggle { static var off = false; static func flip() { Self.off.toggle() } }
            enum Counter { static var count = 0; static func bump() { count += 1 } }
            enum Log { static var lines: [String] = []; static func keep(_ line: String) { Log.lines.append(line) } }
            enum Knobs { public static var verbose = false }
            final class Cache { var items: [String] = [] }
            enum Shared { static var cache = Cache() }
            struct World { var session: URLSession = .shared }
            var current = World()
            func change(_ value: inout Int) { value += 1 }
            enum Tally { static var total = 0 }
            final class Screen {
                func show() -> String {
                    change(&Tally.total)
                    return "\\(Config.default.spaces) \\(Sizes.all.count) \\(Toggle.off) \\(Counter.count) \\(Log.lines.count) \\(Knobs.verbose) \\(Shared.cache.items.count) \\(current.session) \\(Tally.total)"
                }
            }
            """
        let targets = try analysis(["Code.swift": code]).hiddenDependencies.map(\.target)
        for constant in ["Config.default", "Sizes.all"] {
            #expect(!targets.contains(constant), "\(constant) is never written: \(targets)")
        }
        for shared in ["Toggle.off", "Counter.count", "Log.lines", "Knobs.verbose", "Shared.cache", "current", "Tally.total"] {
            #expect(targets.contains { $0 == shared || $0.hasPrefix(shared + ".") || $0.hasPrefix(shared + " ") }, "\(shared) stays shared state: \(targets)")
        }
    }

    @Test("a global that holds a service built with explicit generic arguments (`let provider = Provider<Target>()`) is that service wherever it is read")
    func genericGlobalService() throws {
        let code = """
            import Foundation
            final class Provider<Target> {
                func request(_ target: Target) -> Date { Date() }
            }
            let provider = Provider<Int>()
            let nested = Provider<[String: Int]>.init()
            final class Screen {
                func load() -> Date { provider.request(1) }
                func more() -> Date { nested.request([:]) }
            }
            """
        let found = try found(code)
        #expect(found.contains("8 singleton provider (Provider())") && found.contains("9 singleton nested (Provider())"), "\(found)")
    }

    @Test("an instance reaching its own type's static state shares it with every instance; a counter the code only writes, or a static's address, is not read state; a static method that reads the disk reads it")
    func ownStaticState() throws {
        let code = """
            import Foundation
            final class Badges {
                private static var counts: [String: Int] = [:]
                private static var made = 0
                private static var key = 0
                init() { Self.made += 1 }
                func bump(_ name: String) { Self.counts[name, default: 0] += 1 }
                func count(_ name: String) -> Int { Badges.counts[name] ?? 0 }
                func token() -> Int { withUnsafeMutablePointer(to: &Self.key) { _ in 1 } }
                static func load(_ url: URL) -> Int { (try? Data(contentsOf: url))?.count ?? 0 }
            }
            """
        let found = try found(code)
        #expect(found.contains("7 global state Badges.counts") && found.contains("8 global state Badges.counts"), "\(found)")
        #expect(!found.contains { $0.contains("Badges.made") || $0.contains("Badges.key") }, "\(found)")
        #expect(found.contains("10 global state Data(contentsOf:)"), "\(found)")
    }

    @Test("file coordination is a system service: building a coordinator in a type, and the process-wide registry of presenters, are hidden")
    func fileCoordination() throws {
        let code = """
            import Foundation
            final class Inbox: NSObject {
                func start() { NSFileCoordinator.addFilePresenter(Presenter()) }
                func save(_ url: URL) { NSFileCoordinator().coordinate(writingItemAt: url, options: [], error: nil) { _ in } }
            }
            final class Presenter: NSObject {}
            """
        let found = try found(code)
        #expect(found.contains("3 global state NSFileCoordinator.addFilePresenter") && found.contains("4 construction NSFileCoordinator()"), "\(found)")
    }

    // MARK: names as the compiler looks them up

    @Test("a nested type is its own type: its effects are not those of a type of the same simple name elsewhere, or of the platform type an extension extends")
    func nestedTypesAreTheirOwn() throws {
        let code = """
            import Foundation
            final class FileInfo {
                var name: String
                init(_ url: URL) { name = String(url.lastPathComponent) }
            }
            enum Shooter {
                final class FileInfo {
                    let path = NSTemporaryDirectory()
                    func size() -> Int { (try? Data(contentsOf: URL(fileURLWithPath: path)))?.count ?? 0 }
                }
                static func hash() -> Int { let info = FileInfo(); return info.size() }
            }
            enum Constants { struct String { static let title = "t" } }
            extension String { var exists: Bool { FileManager.default.fileExists(atPath: self) } }
            final class Matcher {
                var files: [FileInfo] = []
                let reader: Shooter.FileInfo
                init() { reader = Shooter.FileInfo() }
                func add(_ urls: [URL]) -> Int {
                    for url in urls { let info = FileInfo(url); files.append(info) }
                    return reader.size()
                }
            }
            """
        let found = try analysis(["Code.swift": code])
        let targets = found.hiddenDependencies.map { "\($0.line) \($0.target)" }
        #expect(!targets.contains("20 FileInfo()"), "the top-level FileInfo is data, whatever the nested one does: \(targets)")
        #expect(targets.contains("18 Shooter.FileInfo()"), "the nested one, built by its path elsewhere and kept, reads the disk: \(targets)")
        #expect(found.types.contains { $0.name == "Shooter.FileInfo" }, "the written names come back: \(found.types.map(\.name))")
    }

    @Test("a global of main.swift that holds a system singleton is that singleton for every file that reads it; a #selector names a method and reads nothing")
    func mainGlobalsHoldSingletons() throws {
        let files = [
            "main.swift": "import Cocoa\nvar app: AppDelegate!\nlet prefs = UserDefaults.standard\n_ = NSApplicationMain(CommandLine.argc, CommandLine.unsafeArgv)\n",
            "Display.swift": """
                import Cocoa
                final class Display {
                    func brightness() -> Float { prefs.float(forKey: "brightness") }
                    func action() -> Selector { #selector(app.quit) }
                }
                """,
        ]
        let found = try self.found(files)
        #expect(found.contains("Display.swift:3 singleton prefs (UserDefaults.standard)"), "\(found)")
        #expect(!found.contains { $0.hasPrefix("Display.swift:4") }, "#selector(app.quit) reads nothing: \(found)")
    }

    @Test("`import struct Module.Type` imports a name; it declares no type that would own the code after it")
    func importKindsDeclareNothing() throws {
        let code = """
            import Foundation
            import struct Foundation.URL

            final class Zipper {
                func compress() {
                    #if os(FreeBSD)
                    let p = Process()
                    #else
                    let p = Process()
                    #endif
                    try? p.run()
                }
            }
            """
        let owners = Set(try analysis(["Code.swift": code]).hiddenDependencies.compactMap(\.owner))
        #expect(owners == ["Zipper"], "\(owners)")
    }

    // MARK: generated code

    @Test("code inside #if blocks is read with the owner, member and imports a scan of the whole file gives it, whatever else the file holds")
    func blocksReadInTheirPlace() {
        let text = """
            #if canImport(UIKit)
            import UIKit
            #elseif canImport(AppKit)
            @preconcurrency import AppKit
            #endif
            import Foundation

            struct Before {
                let clock = Clock.shared
            }

            final class Player {
                func play() {
                    #if DEBUG
                    Logger.shared.log("play")
                    #endif
                }
            }
            .self

            #if DEBUG
            extension Player {
                static func preview() -> Player { Player(store: Store.shared) }
            }
            #endif
            """
        let tokens = SwiftLexer.tokens(of: text)
        let blocks = SwiftLexer.conditionalBlocks(tokens)
        let inBlocks = TokenReader().read(file: "P.swift", text: text, tokens: tokens, within: blocks)
        let whole = TokenReader().read(file: "P.swift", text: text, tokens: tokens)
        let lines = LineIndex(text)
        let blockLines = Set(blocks.flatMap { lines.line(of: $0.lowerBound)...lines.line(of: $0.upperBound) })
        func shown(_ model: CodeModel) -> [String] { model.references.map { "\($0.shape) \($0.owner ?? "-") \($0.member ?? "-") \($0.line)" } }
        #expect(shown(inBlocks) == shown(whole).filter { line in blockLines.contains(Int(line.split(separator: " ").last!)!) },
                "the blocks' references are the whole scan's, with the same owner and member")
        #expect(shown(inBlocks).contains { $0.contains("Logger") && $0.contains("Player play") })
        #expect(shown(inBlocks).contains { $0.contains("Store") && $0.contains("Player preview") })
        #expect(!shown(inBlocks).contains { $0.contains("Clock") }, "a reference outside every block is not the blocks'")
        #expect(inBlocks.imports.map(\.module) == ["UIKit", "AppKit"])

        let importsOnly = "#if canImport(UIKit)\nimport UIKit\n#else\nimport struct Foundation.Date; import AppKit\n#endif\nstruct A { let s = Store.shared }\n"
        let importTokens = SwiftLexer.tokens(of: importsOnly)
        let importModel = TokenReader().read(file: "A.swift", text: importsOnly, tokens: importTokens, within: SwiftLexer.conditionalBlocks(importTokens))
        #expect(importModel.imports.map(\.module) == ["UIKit", "Foundation", "AppKit"])
        #expect(importModel.references.isEmpty && importModel.types.isEmpty)
    }

    @Test("a file whose header says a tool wrote it is left out and counted; a comment further down does not count")
    func generatedFiles() throws {
        let strings = """
            // swiftlint:disable all
            // Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen

            import Foundation
            internal enum L10n {
                static var title: String { L10n.tr("Localizable", "title") }
                private static func tr(_ table: String, _ key: String) -> String {
                    String(format: Bundle.main.localizedString(forKey: key, value: nil, table: table), locale: Locale.current)
                }
            }
            """
        let proto = "/* DO NOT EDIT. */\n// swift-format-ignore-file\nimport Foundation\nstruct Msg { var at = Date() }\n"
        let licensed = "// Copyright 2024 Someone\n// Licensed under the MIT licence\n//\n// Code generated by protoc-gen-swift. DO NOT EDIT.\nimport Foundation\nlet started = Date()\n"
        let hand = """
            import Foundation
            final class Clock {
                // This table was generated by hand; do not edit it without the designer.
                func now() -> Date { Date() }
            }
            """
        let result = try analysis(["Strings.swift": strings, "Msg.pb.swift": proto, "Licence.swift": licensed, "Clock.swift": hand])
        #expect(result.filesGenerated == 3)
        #expect(result.filesRead == 1)
        #expect(result.hiddenDependencies.map { "\($0.file):\($0.line) \($0.target)" } == ["Clock.swift:4 Date()"])
        #expect(GeneratedCode.marker(in: "import Foundation\n// Generated by hand, once\nlet x = 1\n") == nil, "only the comments before the code are a header")
        #expect(result.notes.contains { $0.hasPrefix("left out 3 generated files") }, "\(result.notes)")
        #expect(GeneratedCode.marker(in: "import Foundation\n\nlet x = 1 // autogenerated id\n") == nil, "a comment at the end of code is not a header")
        #expect(GeneratedCode.marker(in: "// This file was automatically generated and should not be edited.\n") != nil)
        #expect(GeneratedCode.marker(in: "// SocketClient.swift\n\n//  ** NOTE **\n//  This file is provided by a build tool and WILL be overwritten in future updates\n\nimport Foundation\n") == "will be overwritten", "a tool's file that its updates replace is nobody's to inject into")
        #expect(GeneratedCode.marker(in: "// Licensed under Apache License v2.0\n\n/// A pipeline of handlers; an inbound handler handles the data generated by the I/O thread.\nfinal class Pipeline {}\n") == nil,
                "a type's documentation after the licence is no generator's note")
        #expect(GeneratedCode.marker(in: "/**\n * Handlers are automatically generated names.\n */\nstruct H {}\n") == nil)
        #expect(GeneratedCode.marker(in: "// QueryInterfaceRequest is the type of requests generated by `Table`\n// and `TableRecord`.\nstruct Q {}\n") == nil,
                "a header that speaks of other things generated is documentation")
        #expect(GeneratedCode.marker(in: "//\n//  Generated by Apollo\n//\nstruct Q {}\n") != nil)
        #expect(GeneratedCode.marker(in: "// This file has been generated from the OpenAPI document.\nstruct Q {}\n") != nil)
    }

    @Test("the terminal's summary counts the generated files left out")
    func generatedInSummary() throws {
        let result = try analysis(["A.swift": "// @generated by a tool\nlet x = 1\n", "B.swift": "final class B {}\n"])
        let text = GraphRenderer(style: Style(enabled: false), words: Words(language: .english)).terminal(GraphPanel(title: "", analysis: result))
        #expect(text.contains("1 file; 1 generated file left out"), "\(text)")
    }

    // MARK: roles from declarations and uses

    @Test("a class that conforms to Hashable is still a collaborator; a struct with no effects is a value whatever it conforms to")
    func hashableIsNotAValue() throws {
        let code = """
            import Foundation
            final class Runner: Hashable {
                let tool = Process()
                static func == (a: Runner, b: Runner) -> Bool { a === b }
                func hash(into hasher: inout Hasher) {}
            }
            struct Tag: Hashable { var name: String; func shout() -> String { name.uppercased() } }
            final class Job {
                let runner = Runner()
                let tag = Tag(name: "x")
            }
            """
        let result = try found(code)
        #expect(result == ["3 construction Process()", "9 construction Runner()"], "\(result)")
    }

    @Test("a helper with no effects and no collaborator is a stable dependency, built in a method or kept; one that reaches the disk is volatile, wherever it is built")
    func helpers() throws {
        let code = """
            import Foundation
            final class Digest { var bytes: [UInt8] = []; func add(_ b: UInt8) { bytes.append(b) }; func value() -> Int { bytes.count } }
            final class Hasher2 {
                func hash(_ data: [UInt8]) -> Int { let digest = Digest(); data.forEach(digest.add); return digest.value() }
            }
            final class Keeper {
                let digest = Digest()
                let journal = Journal()
            }
            final class Journal { func write(_ s: String) { FileManager.default.createFile(atPath: s, contents: nil) } }
            """
        let result = try found(code)
        #expect(result == ["8 construction Journal()", "10 singleton FileManager.default"], "\(result)")
    }

    @Test("a type that only builds and hands out is a factory: what it builds is wiring, not a hidden dependency")
    func factories() throws {
        let code = """
            import Foundation
            protocol Feed { func load() }
            final class RemoteFeed: Feed { func load() { _ = URLSession.shared.dataTask(with: URL(string: "x")!) } }
            final class FeedFactory {
                func makeFeed() -> any Feed { RemoteFeed() }
            }
            final class Screen {
                func refresh() -> any Feed { RemoteFeed() }
                func draw() {}
            }
            """
        let result = try analysis(["Code.swift": code])
        #expect(result.hiddenDependencies.map { "\($0.line) \($0.kind.rawValue) \($0.target)" } == ["8 construction RemoteFeed()"])
        #expect(result.compositionRoot.map { "\($0.line) \($0.target)" } == ["5 RemoteFeed()"])
        #expect(result.adapters.map(\.site) == ["RemoteFeed.load"])
    }

    @Test("a construction with explicit generic arguments is seen")
    func genericConstruction() throws {
        let code = """
            import Foundation
            final class Cache<Value> { var items: [String: Value] = [:]; func put(_ v: Value, _ k: String) { items[k] = v; _ = FileManager.default } }
            final class Feed {
                let cache = Cache<String>()
                let other: Cache<Int>
                init() { other = Cache<Int>(); _ = [Cache<Int>?]() }
                func isSmall(_ a: Int, _ b: Int) -> Bool { a < b && b > (a) }
            }
            """
        let result = try found(code)
        #expect(result == ["2 singleton FileManager.default", "4 construction Cache()", "6 construction Cache()"], "\(result)")
    }

    // MARK: state and globals

    @Test("a static method that leaves the type's static state alone is pure; one that touches it reaches shared state")
    func pureStatics() throws {
        let code = """
            enum Counter {
                static var count = 0
                static func bump() { count += 1 }
                static func double(_ x: Int) -> Int { x * 2 }
            }
            final class Card {
                func tap() -> Int { Counter.bump(); return Counter.double(2) }
            }
            """
        let result = try found(code)
        #expect(result == ["7 global state Counter.bump"], "\(result)")
    }

    @Test("a local is never matched to a global of another module the file does not import")
    func globalsByModule() throws {
        let files = [
            "Sources/Kit/Errors.swift": "public var errors: [String] = []\npublic func record(_ e: String) { errors.append(e) }\n",
            "Sources/App/Form.swift": "final class Form {\n    func check() -> Int { errors.count }\n}\n",
            "Sources/Other/Report.swift": "import Kit\nfinal class Report {\n    func count() -> Int { errors.count }\n}\n",
        ]
        let result = try found(files)
        #expect(result == ["Sources/Kit/Errors.swift:2 global state errors", "Sources/Other/Report.swift:3 global state errors"], "\(result)")
    }

    @Test("a global that holds an object with state is an ambient singleton, whatever its name's case")
    func ambientGlobals() throws {
        let code = """
            final class World { var log: [String] = []; func say(_ s: String) { log.append(s) } }
            var Current = World()
            let world = World()
            final class Screen {
                func appear() { Current.say("hi"); world.say("hi") }
            }
            """
        let result = try found(code)
        #expect(result == ["5 singleton Current (World())", "5 singleton world (World())"], "\(result)")
        let suggestion = try analysis(["Code.swift": code]).hiddenDependencies.first?.suggestion.text(in: .english) ?? ""
        #expect(suggestion == "Hand Screen what it needs: take `world: World` in its initializer, store it, and let the composition root pass Current (World()).", "\(suggestion)")
    }

    @Test("what the framework creates and starts (an application delegate, a widget) is a composition root")
    func frameworkEntryPoints() throws {
        let code = """
            import UIKit
            final class Store { var items: [String] = []; func load() { _ = FileManager.default } }
            final class Delegate: NSObject, UIApplicationDelegate {
                let store = Store()
            }
            final class Screen {
                let store = Store()
            }
            """
        let result = try analysis(["Code.swift": code])
        #expect(result.hiddenDependencies.map { "\($0.line) \($0.target)" } == ["2 FileManager.default", "7 Store()"])
        #expect(result.compositionRoot.map { "\($0.line) \($0.target)" } == ["4 Store()"])
    }

    @Test("the suggestion fits the place: a parameter of a static member, a factory for an object made per call (a reading per call is a reading to hand in), the concrete type when several protocols could be meant or the only one is a marker")
    func suggestionsFitThePlace() throws {
        let code = """
            import Foundation
            protocol Loading { func load() }
            protocol Counting { func count() -> Int }
            final class Session: Loading, Counting { func load() { _ = URLSession.shared }; func count() -> Int { 0 } }
            protocol Marked {}
            final class Upload: Loading, Marked { let url: String; init(url: String) { self.url = url }; func load() { _ = FileManager.default } }
            final class Archive: Marked { func keep() { _ = FileManager.default } }
            enum Format { static func stamp() -> String { "\\(Date())" } }
            final class Screen {
                let session = Session()
                let archive = Archive()
                func send(_ path: String) { let url = path + "/upload"; Upload(url: url).load() }
                func notes(_ path: String) -> String? { try? String(contentsOfFile: path + "/notes") }
            }
            """
        let result = try analysis(["Code.swift": code])
        func advice(_ target: String) -> String { result.hiddenDependencies.first { $0.target == target }?.suggestion.english ?? "none" }
        #expect(advice("Date()").contains("as a parameter of `stamp`"), "\(advice("Date()"))")
        #expect(advice("Upload()").contains("factory") && advice("Upload()").contains("-> any Loading"), "\(advice("Upload()"))")
        #expect(advice("Session()").contains("session: Session"), "\(advice("Session()"))")
        // A protocol that requires nothing (a marker) says nothing a caller could use: the concrete type is named.
        #expect(advice("Archive()").contains("archive: Archive") && !advice("Archive()").contains("Marked"), "\(advice("Archive()"))")
        // Reading a file per call is a reading to hand in, not an object to make with a factory.
        #expect(advice("String(contentsOfFile:)").contains("reads the disk") && !advice("String(contentsOfFile:)").contains("makeString"),
                "\(advice("String(contentsOfFile:)"))")
    }

    @Test("a library type's clock read (`now`) is a hidden dependency whatever the library; a clock handed in is not")
    func libraryClocks() throws {
        let code = """
            struct Timeout {
                let clock: any Clock<Duration>
                func deadline() -> NIODeadline { NIODeadline.now() + .seconds(5) }
                func started() -> ContinuousClock.Instant { ContinuousClock.now }
                func fromTheClock() -> Any { clock.now }
            }
            """
        let result = try analysis(["Timeout.swift": code])
        #expect(result.hiddenDependencies.map { "\($0.line) \($0.target)" }.sorted() == ["3 NIODeadline.now", "4 ContinuousClock.now"], "\(result.hiddenDependencies.map { "\($0.line) \($0.target)" })")
    }

    @Test("the system's random source built in place is a hidden dependency, like .random; a generator handed in is not")
    func systemRandomBuiltInPlace() throws {
        let code = """
            struct Dice {
                func roll() -> Int { var generator = SystemRandomNumberGenerator(); return Int.random(in: 1...6, using: &generator) }
                func roll<G: RandomNumberGenerator>(using generator: inout G) -> Int { Int.random(in: 1...6, using: &generator) }
            }
            """
        let result = try analysis(["Dice.swift": code])
        #expect(result.hiddenDependencies.map { "\($0.line) \($0.target)" } == ["2 SystemRandomNumberGenerator()"], "\(result.hiddenDependencies.map(\.target))")
        #expect(result.hiddenDependencies.first?.suggestion.english.contains("RandomNumberGenerator") == true)
    }

    @Test("waiting on the real clock is a hidden dependency: Task.sleep, Thread.sleep, usleep, Timer.scheduledTimer, asyncAfter on a platform queue (not on a queue handed in); an adapter behind the code's own protocol may wait, and so may a view")
    func waitingOnTheRealClock() throws {
        let code = """
            import Foundation
            protocol Sleeper { func sleep(seconds: Double) async throws }
            struct RealSleeper: Sleeper { func sleep(seconds: Double) async throws { try await Task.sleep(for: .seconds(seconds)) } }
            final class Poller {
                func run() async throws { try await Task.sleep(for: .seconds(1)); Thread.sleep(forTimeInterval: 1); usleep(10) }
                func start() { _ = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in } }
                func later(_ work: @escaping () -> Void) { DispatchQueue.main.asyncAfter(deadline: .now() + 2) { work() } }
                func background(_ work: @escaping () -> Void) { DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + 1, execute: work) }
                func handed(_ queue: DispatchQueue, _ work: @escaping () -> Void) { queue.asyncAfter(deadline: .now() + 1, execute: work) }
            }
            final class MarqueeLabel: NSTextField {
                func scroll() { _ = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { _ in } }
            }
            """
        let result = try analysis(["Code.swift": code])
        // A view's timer moves its animation (a label that scrolls): the view's own business, like its other waits.
        #expect(result.hiddenDependencies.map { "\($0.line) \($0.target)" } == ["5 Task.sleep", "5 Thread.sleep", "5 usleep()", "6 Timer.scheduledTimer",
                                                                                 "7 DispatchQueue.asyncAfter", "8 DispatchQueue.asyncAfter"])
        #expect(result.hiddenDependencies.allSatisfy { $0.suggestion.english.contains("waits on the real clock") })
        #expect(result.adapters.map(\.site) == ["RealSleeper.sleep"])
    }

    @Test("a variable whose address is all the code uses (an associated-object key) is an identity, not state; read or written once, it is state")
    func addressOnlyVariablesAreKeys() throws {
        let code = """
            import Foundation
            private var cacheKey: UInt8 = 0
            private var hits = 0
            enum Keys { static var badge: UInt8 = 0; static var count = 0 }
            final class Thumbnail {
                func cached(_ owner: AnyObject) -> Any? { objc_getAssociatedObject(owner, &cacheKey) }
                func badge(_ owner: AnyObject) -> Any? { objc_getAssociatedObject(owner, &Keys.badge) }
                func look() { hits += 1; Keys.count += 1 }
            }
            """
        let result = try analysis(["Code.swift": code])
        #expect(result.hiddenDependencies.map { "\($0.line) \($0.target)" }.sorted() == ["8 Keys.count", "8 hits"], "\(result.hiddenDependencies.map(\.target))")
    }

    @Test("a documentation catalog's code (Foo.docc, Snippets) is left out with the tests, and counted")
    func documentationCodeIsLeftOut() throws {
        let code = "final class Feed { let session = URLSession.shared }"
        let result = try analysis(["App/Feed.swift": code, "App/Feed.docc/Resources/step-1.swift": code, "Snippets/Quick.swift": code])
        #expect(result.hiddenDependencies.map(\.file) == ["App/Feed.swift"], "\(result.hiddenDependencies.map(\.file))")
        #expect(result.notes.contains { $0.contains("left out 2 files of test, preview, mock, benchmark or documentation code") }, "\(result.notes)")
    }

    @Test("package manifests (Package.swift, Package@swift-6.0.swift) and benchmark code are left out, and counted")
    func manifestsAndBenchmarksAreLeftOut() throws {
        let code = "final class Feed { let session = URLSession.shared }"
        let manifest = "import PackageDescription\nvar swiftSettings: [SwiftSetting] = [.enableUpcomingFeature(\"ExistentialAny\")]\nlet package = Package(name: \"App\")"
        let result = try analysis(["Sources/App/Feed.swift": code, "Package.swift": manifest, "Package@swift-6.1.swift": manifest,
                                   "Benchmarks/Router/RouterBenchmarks.swift": code, "Benchmarks/Feed.swift": code])
        #expect(result.hiddenDependencies.map(\.file) == ["Sources/App/Feed.swift"], "\(result.hiddenDependencies.map(\.file))")
        #expect(result.notes.contains { $0.contains("left out 2 package manifests") }, "\(result.notes)")
        #expect(result.notes.contains { $0.contains("left out 2 files of test, preview, mock, benchmark or documentation code") }, "\(result.notes)")
    }

    @Test("a generated file is recognised by its header however large it is, and a marker far below the header does not count")
    func generatedHeaderOnly() {
        let body = String(repeating: "let value = 1\n", count: 200_000)
        #expect(GeneratedCode.marker(in: "// Generated by a tool. DO NOT EDIT.\n" + body) != nil)
        #expect(GeneratedCode.marker(in: body + "// Generated by a tool. DO NOT EDIT.\n") == nil)
    }

    @Test("a type declared a collaborator (a lesson's rules, --collaborator) is one whatever it does; a protocol named stands for its conformers")
    func declaredCollaborators() throws {
        let code = """
            protocol Part { func wear() -> Int }
            final class Wheel: Part { var worn = 0; func wear() -> Int { worn } }
            final class Extinguisher { var charge = 1 }
            final class Car {
                let wheel = Wheel()
                let extinguisher = Extinguisher()
            }
            """
        var analyzer = CodeAnalyzer(fileSystem: InMemoryFileSystem(["/code/Car.swift": code]), processRunner: ScriptedProcessRunner(),
                                    swiftc: nil, environment: [:])
        // Wheel stands behind a protocol of the code's own: building it picks an implementation. Extinguisher has no
        // effects and no collaborator: a stable dependency, until something declares it a collaborator.
        #expect(try analyzer.analyze(folder: "/code").hiddenDependencies.map(\.target) == ["Wheel()"])
        analyzer.collaborators = ["Extinguisher"]
        #expect(try analyzer.analyze(folder: "/code").hiddenDependencies.map(\.target) == ["Wheel()", "Extinguisher()"])
        analyzer.collaborators = ["Part"]
        #expect(try analyzer.analyze(folder: "/code").hiddenDependencies.map(\.target) == ["Wheel()"])
    }

    @Test("a method that builds the very type it returns makes its product; one that returns a protocol hides which implementation it picks")
    func products() throws {
        let code = """
            import Foundation
            protocol Feed { func load() }
            final class Response { var status = 200; var body = ""; func send() {} }
            final class Future<Value> { init(_ value: Value) {} }
            final class RemoteFeed: Feed { func load() { _ = URLSession.shared } }
            final class Router {
                var routes: [String] = []
                func redirect(to path: String) -> Response { let response = Response(); response.body = path; return response }
                func later() -> Future<Response> { Future(Response()) }
                func feed() -> any Feed { RemoteFeed() }
                func log() { routes.append("x") }
            }
            """
        let result = try found(code)
        #expect(result == ["10 construction RemoteFeed()"], "\(result)")
    }

    @Test("a module is test support only by an import the compiler reads: not one in a string, a comment or under #if false")
    func testFrameworkImports() {
        #expect(CodeAnalyzer.importsATestFramework("import Foundation\n@testable import XCTest\n"))
        #expect(CodeAnalyzer.importsATestFramework("import class XCTest.XCTestCase\n"))
        #expect(CodeAnalyzer.importsATestFramework("#if false\nimport Foundation\n#else\nimport Testing\n#endif\n"))
        #expect(CodeAnalyzer.importsATestFramework("#if canImport(XCTest)\nimport XCTest\n#endif\n"))
        #expect(!CodeAnalyzer.importsATestFramework("#if false\nimport XCTest\n#endif\nlet a = 1\n"))
        #expect(!CodeAnalyzer.importsATestFramework("let template = \"\"\"\nimport XCTest\n\"\"\"\n"))
        #expect(!CodeAnalyzer.importsATestFramework("/*\nimport Testing\n*/\nimport Foundation\n"))
        #expect(!CodeAnalyzer.importsATestFramework("#if false\n#if os(Linux)\nimport XCTest\n#endif\n#endif\n"))
    }

    @Test("an object without effects built only to be handed to another object is wiring; one with effects, or one the code keeps or calls, is its own")
    func handedOn() throws {
        let code = """
            import Foundation
            protocol Handler { func handle(_ s: String) }
            final class Decoder: Handler { let next: Handler; init(next: Handler) { self.next = next }; func handle(_ s: String) { next.handle(s) } }
            final class Printer: Handler { func handle(_ s: String) { print(s) } }
            final class Uploader: Handler { func handle(_ s: String) { _ = URLSession.shared } }
            final class Pipeline { var handlers: [Handler] = []; func add(_ h: Handler) { handlers.append(h) }; func addAll(_ hs: [Handler]) { handlers += hs } }
            final class Setup {
                let pipeline: Pipeline
                var own: Handler?
                init(pipeline: Pipeline) { self.pipeline = pipeline }
                func configure() {
                    pipeline.add(Decoder(next: pipeline.handlers[0]))
                    let decoder = Decoder(next: pipeline.handlers[0])
                    pipeline.addAll([decoder, Printer()])
                    pipeline.add(Uploader())
                }
                func keep() {
                    own = Decoder(next: pipeline.handlers[0])
                    let used = Decoder(next: own!)
                    used.handle("x")
                    remember(Decoder(next: own!))
                }
                func remember(_ h: Handler) { own = h }
            }
            """
        let result = try found(code)
        // Handed to the pipeline: the decoders and printers are wiring; the uploader reaches the network and is
        // chosen here (15). Kept (18), called (19), or handed to the type's own method (21): the type's own.
        #expect(result == ["15 construction Uploader()", "18 construction Decoder()",
                           "19 construction Decoder()", "21 construction Decoder()"], "\(result)")
        // Wiring is an edge, not a composition root's choice: Setup is no root, and lists none.
        let analysis = try analysis(["Code.swift": code])
        #expect(analysis.compositionRoot.isEmpty, "\(analysis.compositionRoot.map(\.target))")
        #expect(analysis.edges.contains { $0.from == "Setup" && $0.to == "Printer" })
    }

    @Test("a bare name inside a type is the member it inherits before it is a global of the same name; a playground is documentation")
    func inheritedMembersAndPlaygrounds() throws {
        let code = """
            import Foundation
            final class Bag { var items: [Int] = [] }
            var bag = Bag()
            class Screen { let bag = Bag() }
            final class Detail: Screen { func show() { bag.items.append(1) } }
            final class Other { func show() { bag.items.append(2) } }
            """
        let result = try found(["Code.swift": code, "Docs/Tour.playground/Contents.swift": "import Foundation\nlet now = Date()\n"])
        #expect(result == ["Code.swift:6 global state bag"], "\(result)")
    }

    @Test("a private type with no effects of its own is a part of its file's code; a private one that reaches the disk is still a hidden choice")
    func privateParts() throws {
        let code = """
            import Foundation
            protocol Sink { func put(_ value: Int) }
            public final class Stream {
                public func counted() -> any Sink { CountingSink() }
                public func save() { DiskSink().put(1) }
            }
            private final class CountingSink: Sink { var count = 0; func put(_ value: Int) { count += 1 } }
            fileprivate final class DiskSink: Sink { func put(_ value: Int) { _ = FileManager.default } }
            """
        let result = try found(code)
        #expect(result == ["5 construction DiskSink()"], "\(result)")
    }

    @Test("what main.swift declares outside any type wires the program; the same code in another file does not")
    func entryFile() throws {
        let service = """
            import Foundation
            final class Fetcher { func fetch() { _ = URLSession.shared } }
            final class Screen { let fetcher: Fetcher; init(fetcher: Fetcher) { self.fetcher = fetcher } }
            """
        let wiring = """
            let fetcher = Fetcher()
            func makeScreen() -> Screen { Screen(fetcher: fetcher) }
            func reload() { Fetcher().fetch() }
            """
        let atEntry = try found(["Tool/main.swift": wiring, "Tool/Service.swift": service])
        #expect(atEntry == ["Tool/Service.swift:2 singleton URLSession.shared"], "\(atEntry)")
        let elsewhere = try found(["Tool/Wiring.swift": wiring, "Tool/Service.swift": service])
        #expect(elsewhere.contains("Tool/Wiring.swift:2 singleton fetcher (Fetcher())"), "\(elsewhere)")
        #expect(elsewhere.contains("Tool/Wiring.swift:3 construction Fetcher()"), "\(elsewhere)")
    }

    @Test("a public static property that hands out a shared instance of its own type is another name for it; a private one is the type's reach")
    func singletonAliases() throws {
        let code = """
            import Foundation
            final class Pool { static let shared = Pool(); func run() { _ = FileManager.default } }
            enum Globals { static var pool: Pool { Pool.shared } }
            extension Pool { static var singleton: Pool { Globals.pool } }
            final class Worker {
                private static var pool: Pool { Pool.shared }
                func work() { Worker.pool.run() }
            }
            """
        let result = try found(code)
        #expect(result == ["2 singleton FileManager.default", "6 singleton Pool.shared"], "\(result)")
    }

    @Test("a construction that only packages what the code was handed makes no hidden choice; one that adds a part of its own does")
    func packaging() throws {
        let code = """
            import Foundation
            final class Request { let queue: DispatchQueue; init(url: String, queue: DispatchQueue, owner: AnyObject) { self.queue = queue }; func go() {} }
            final class Clock { func now() -> Date { Date() } }
            final class Session {
                let rootQueue = DispatchQueue(label: "root")
                func request(_ url: String) -> Request {
                    let request = Request(url: url, queue: rootQueue, owner: self)
                    return request
                }
                func timed(_ url: String) -> Request { Request(url: url + "?t", queue: rootQueue, owner: Clock()) }
            }
            """
        let result = try found(code)
        // `timed` returns the Request it builds (its product); the Clock it adds of its own is the hidden choice.
        #expect(result == ["3 global state Date()", "10 construction Clock()"], "\(result)")
    }

    @Test("a type's effects are its own: holding what it was handed adds none, so a context built around a handed connection is data; one that opens its own is volatile")
    func effectsAreOwn() throws {
        let code = """
            import Foundation
            final class Connection { func query() -> String { (try? String(contentsOfFile: "/db")) ?? "" } }
            struct Context { let connection: Connection; let key: String }
            struct OpeningContext { let connection = Connection(); let key: String }
            final class Decoder {
                let connection: Connection
                init(connection: Connection) { self.connection = connection }
                func decode(key: String) -> String {
                    let context = Context(connection: connection, key: key.uppercased())
                    let opening = OpeningContext(key: key.lowercased())
                    return context.key + opening.key
                }
            }
            """
        // `Context` only carries the connection it is handed: building it chooses nothing. `OpeningContext` opens one
        // of its own: that construction is the finding, where it is written.
        let codeFound = try found(code)
        #expect(codeFound == ["2 global state String(contentsOfFile:)", "4 construction Connection()"])
    }

    @Test("an object whose only effect is in its initializer is data once built: holding one handed in makes nothing a collaborator")
    func effectsOnlyWhenBuilt() throws {
        let code = """
            import Foundation
            final class Options {
                let mappings: String
                init(path: String) { mappings = (try? String(contentsOfFile: path)) ?? "" }
            }
            final class Printer {
                let options: Options
                init(options: Options) { self.options = options }
                func line(_ text: String) -> String { options.mappings + text }
            }
            final class Job {
                func run(path: String, items: [String]) -> [String] {
                    let options = Options(path: path)
                    let printer = Printer(options: options)
                    return items.map(printer.line)
                }
            }
            """
        // Reading the file is the finding (the options are built from the path handed in); the printer built around
        // what was read reaches nothing itself.
        let codeFound = try found(code)
        #expect(codeFound == ["4 global state String(contentsOfFile:)"])
        // A printer that asks the options something with effects at every use holds a collaborator.
        let live = code.replacingOccurrences(of: "let mappings: String", with: "var mappings: String { (try? String(contentsOfFile: \"/m\")) ?? \"\" }")
            .replacingOccurrences(of: "init(path: String) { mappings = (try? String(contentsOfFile: path)) ?? \"\" }", with: "init(path: String) {}")
        let liveFound = try found(live)
        #expect(liveFound == ["3 global state String(contentsOfFile:)", "14 construction Printer()"])
    }

    @Test("one object built for each element a closure or a loop walks is that data in another shape; one with effects of its own is still a finding")
    func builtPerElement() throws {
        let code = """
            import Foundation
            protocol Located { func location() -> String }
            final class Entry: Located {
                let name: String; let parent: Entry?; let registry: [String: Int]
                init(name: String, parent: Entry?, registry: [String: Int]) { self.name = name; self.parent = parent; self.registry = registry }
                func location() -> String { name }
            }
            final class Client: Located {
                let server: String
                init(server: String) { self.server = server }
                func location() -> String { (try? String(contentsOf: URL(string: server)!)) ?? "" }
            }
            final class Tree {
                var entries: [Entry] = []
                var clients: [Client] = []
                var root: Entry?
                func load(names: [String], servers: [String]) {
                    let registry = ["root": 0]
                    entries = names.map { Entry(name: $0, parent: nil, registry: registry) }
                    for (index, name) in names.enumerated() where index > 0 {
                        entries.append(Entry(name: name, parent: entries[0], registry: registry))
                    }
                    entries += names.map { name in Entry(name: name, parent: nil, registry: registry) }
                    clients = servers.map { Client(server: $0) }
                    root = Entry(name: "root", parent: nil, registry: registry)
                }
            }
            """
        // The entries follow the names they are built from (in `map`, a named closure parameter, a `for` pattern); each
        // client built per server still reaches the network (its read of the server is its adapter's, on purpose); the
        // root entry is built from nothing walked, and kept.
        let codeFound = try found(code)
        #expect(codeFound == ["24 construction Client()", "25 construction Entry()"])
    }

    @Test("a protocol only values without effects implement stands for no collaborator: holding one is holding data")
    func effectFreeStrategies() throws {
        let code = """
            protocol Storage { func value(at index: Int) -> Int }
            struct ArrayStorage: Storage { let values: [Int]; func value(at index: Int) -> Int { values[index] } }
            struct EmptyStorage: Storage { func value(at index: Int) -> Int { 0 } }
            final class Row {
                let storage: Storage
                init(storage: Storage = EmptyStorage()) { self.storage = storage }
            }
            final class Report {
                func empty() -> Int { Row().storage.value(at: 0) }
            }
            """
        let codeFound = try found(code)
        #expect(codeFound == [])
        // The same protocol with an implementation that reads the disk stands for a collaborator.
        let disk = code + "\nimport Foundation\nstruct FileStorage: Storage { func value(at index: Int) -> Int { (try? String(contentsOfFile: \"/v\")).map { $0.count } ?? index } }\n"
        let diskFound = try found(disk)
        #expect(diskFound == ["9 construction Row()"])
    }

    @Test("an adapter implements a protocol the code depends on: an @objc export protocol of a bridge, with one implementation and never named as a type, is the bridge's interface, and its system calls are findings")
    func adaptersNeedASeam() throws {
        let exported = """
            import Foundation
            import JavaScriptCore
            @objc protocol FileExportable: JSExport { func exists(_ path: String) -> Bool }
            final class FileAPI: NSObject, FileExportable {
                func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }
            }
            """
        let exportedFound = try analysis(["API.swift": exported])
        #expect(exportedFound.hiddenDependencies.map(\.target) == ["FileManager.default"] && exportedFound.adapters.isEmpty)
        // Named as a type by code that depends on it, the same protocol is a seam and the call its adapter's.
        let depended = exported + "final class Plugin { let files: any FileExportable; init(files: any FileExportable) { self.files = files } }\n"
        let dependedFound = try analysis(["API.swift": depended])
        #expect(dependedFound.hiddenDependencies.isEmpty && dependedFound.adapters.map(\.target) == ["FileManager.default"])
    }

    @Test("a static method that builds an object with effects and uses it (not hands it out) reaches those effects for every caller; one that returns it is a factory")
    func staticMethodsThatRunWhatTheyBuild() throws {
        let code = """
            import Foundation
            final class Runner {
                let arguments: [String]
                init(arguments: [String]) { self.arguments = arguments }
                func launch() -> Int32 { var pid: pid_t = 0; return posix_spawnp(&pid, arguments[0], nil, nil, nil, nil) }
                static func run(_ arguments: [String]) -> Int32 {
                    let runner = Runner(arguments: arguments)
                    return runner.launch()
                }
                static func make(_ arguments: [String]) -> Runner {
                    Runner(arguments: arguments)
                }
            }
            final class Builder {
                func build() -> Int32 { Runner.run(["swiftc"]) }
                func prepare() -> Runner { Runner.make(["swiftc"]) }
            }
            """
        let result = try analysis(["Code.swift": code])
        let sites = result.hiddenDependencies.map { "\($0.site) \($0.target)" }
        #expect(sites.contains("Builder.build Runner.run"), "\(sites)")
        #expect(!sites.contains { $0.hasPrefix("Builder.prepare") }, "\(sites)")
        #expect(sites.contains("Runner.launch posix_spawnp()"), "\(sites)")
    }

    @Test("a default argument's implicit member belongs to the nested type the parameter names")
    func nestedImplicitMembers() throws {
        let code = """
            final class Socket {
                static let standard = Socket()
                var isOpen = false
                struct Configuration { static let standard = Configuration(); var retries = 1 }
            }
            final class Client {
                init(configuration: Socket.Configuration = .standard) {}
                init(socket: Socket = .standard) {}
            }
            """
        let result = try found(code)
        #expect(result == ["8 singleton Socket.standard"], "\(result)")
    }

    @Test("a file too large to dump within bounded memory is read by the token reader, and the notes say so")
    func oversizedFiles() throws {
        let fileSystem = InMemoryFileSystem([
            "/code/Small.swift": "final class Small {}\n",
            "/code/Huge.swift": "import Foundation\nfinal class Huge { func now() -> Date { Date() } }\n" + String(repeating: "// padding\n", count: 200),
        ])
        let dump = FakeDump()
        let runner = dump.runner(fileSystem)
        var analyzer = CodeAnalyzer(fileSystem: fileSystem, processRunner: runner, swiftc: "/toolchain/swiftc", environment: ["TMPDIR": "/tmp"])
        analyzer.largestDumpedFile = 1024
        let result = try analyzer.analyze(folder: "/code")
        #expect(runner.commands.allSatisfy { command in !command.contains { $0.hasSuffix("Huge.swift") } }, "\(runner.commands)")
        #expect(result.filesByTokenReader == 1)
        #expect(result.hiddenDependencies.map { "\($0.file):\($0.line) \($0.target)" } == ["Huge.swift:2 Date()"])
        #expect(result.notes.contains { $0.hasPrefix("1 file over 1 KB read with the token reader") }, "\(result.notes)")
    }

    @Test("a static table of stateless objects is constants; a shared instance with state or effects is an ambient singleton")
    func statelessTables() throws {
        let code = """
            import Foundation
            protocol Calculation { func rect(_ width: Double) -> Double }
            final class Half: Calculation { func rect(_ width: Double) -> Double { width / 2 } }
            final class Clock { func now() -> Date { Date() } }
            final class Recorder { var events: [String] = []; func record(_ e: String) { events.append(e) } }
            enum Table {
                static let half = Half()
                static let clock = Clock()
                static let recorder = Recorder()
            }
            final class Layout {
                func width() -> Double { _ = Table.clock.now(); Table.recorder.record("w"); return Table.half.rect(10) }
            }
            """
        let result = try found(code)
        #expect(result == ["4 global state Date()", "12 singleton Table.clock", "12 singleton Table.recorder"], "\(result)")
    }

    @Test("a type nested in another hides the platform's of the same name only inside the type that holds it")
    func nestedTypesScope() throws {
        let code = """
            import Foundation
            enum Constants {
                enum UserDefaults { static let lastEpisode = "last" }
                static func key() -> String { UserDefaults.lastEpisode }
            }
            final class Player {
                func resume() -> String? {
                    Foundation.UserDefaults.standard.string(forKey: Constants.UserDefaults.lastEpisode)
                }
                func rate() -> Double { UserDefaults.standard.double(forKey: "rate") }
            }
            """
        let result = try found(code)
        #expect(result == ["8 singleton Foundation.UserDefaults.standard", "10 singleton UserDefaults.standard"], "\(result)")
    }

    @Test("a stored property's implicit member belongs to its declared type, as in a default argument")
    func storedImplicitMembers() throws {
        let code = """
            import Foundation
            final class Loader {
                var session: URLSession = .shared
                var timeout: TimeInterval = .zero
                func load() {}
            }
            """
        let result = try found(code)
        #expect(result == ["3 singleton URLSession.shared"], "\(result)")
    }

    @Test("a library type's one instance by the platform's names (default, standard, current) is a hidden dependency where the code uses it as an object, not where it keeps or compares a value")
    func libraryInstances() throws {
        let code = """
            import Foundation
            final class Watch {
                var mode = Mode.standard
                func start() {
                    WCSession.default.activate()
                    let config = URLSessionConfiguration.default
                    if mode == Mode.standard { print(config) }
                    let sessionConfig = WCSession.default
                    print(sessionConfig)
                }
            }
            enum Mode { case standard, fast }
            """
        let result = try found(code)
        #expect(result == ["5 singleton WCSession.default"], "\(result)")
    }

    @Test("a fallback for a collaborator handed in as an optional is that parameter's default; one for a property nobody hands in is built in place")
    func fallbacksForHandedOptionals() throws {
        let code = """
            import Foundation
            protocol PipelineDelegate: AnyObject { func willLoad() }
            final class DefaultDelegate: PipelineDelegate { func willLoad() { try? FileManager.default.removeItem(atPath: "/tmp/x") } }
            final class Pipeline {
                let delegate: PipelineDelegate
                var backup: PipelineDelegate?
                init(delegate: PipelineDelegate? = nil) {
                    self.delegate = delegate ?? DefaultDelegate()
                }
                func load() -> PipelineDelegate { backup ?? DefaultDelegate() }
            }
            """
        let result = try found(code).filter { !$0.contains("FileManager") }
        #expect(result == ["10 construction DefaultDelegate()"], "\(result)")
    }

    // MARK: previews and test values, by what they are

    @Test("a #Preview block is left out like a test, and the summary says so; --include-tests reads it")
    func previewBlocks() throws {
        let code = """
            import SwiftUI
            final class Store { static let shared = Store() }
            struct Screen: View { var body: some View { Text("x") } }
            #Preview {
                let store = Store.shared
                return Screen()
            }
            #Preview("Dark", traits: .sizeThatFitsLayout) { let _ = Store.shared; Screen() }
            final class Sync { func run() { _ = Store.shared } }
            """
        let result = try analysis(["Screen.swift": code])
        let lines = (result.hiddenDependencies + result.compositionRoot).map(\.line)
        #expect(lines == [9], "only the sync's own reach, not the previews': \(lines)")
        #expect(result.notes.contains { $0.contains("left out 2 #Preview blocks") }, "\(result.notes)")
        var withTests = CodeAnalyzer(fileSystem: InMemoryFileSystem(["/code/Screen.swift": code]), processRunner: ScriptedProcessRunner(),
                                     swiftc: nil, environment: [:])
        withTests.includeTests = true
        let all = try withTests.analyze(folder: "/code")
        #expect(Set((all.hiddenDependencies + all.compositionRoot).map(\.line)).isSuperset(of: [5, 8, 9]), "\(all.hiddenDependencies.map(\.line))")
    }

    @Test("a static member is a test or preview value when it holds one of its own type, whatever it is called; one that reaches for a singleton is the type's code")
    func testValuesByWhatTheyHold() throws {
        let code = """
            final class Sauce { static let shared = Sauce(); func key(_ s: Int) -> Int { s } }
            enum KeyChord {
                static var previewKey: Int { Sauce.shared.key(3) }
                static var sampleRate: Int { Sauce.shared.key(4) }
            }
            final class APIClient {
                let fetch: () -> Int
                init(fetch: @escaping () -> Int) { self.fetch = fetch }
                static let mock = APIClient(fetch: { Sauce.shared.key(9) })
                static var previewValue: Self { Self(fetch: { Sauce.shared.key(8) }) }
                static var testValue: APIClient { APIClient(fetch: { Sauce.shared.key(7) }) }
            }
            """
        let result = try analysis(["Code.swift": code])
        let found = result.hiddenDependencies.map { "\($0.line) \($0.target)" }
        #expect(found == ["3 Sauce.shared", "4 Sauce.shared"], "\(found)")
        let advice = result.hiddenDependencies.first?.suggestion.english ?? ""
        #expect(advice.contains("make it a method") && !advice.contains("initializer"), "a static property has no initializer to take it: \(advice)")
    }

    @Test("a static property that reaches for a singleton is not the static method of the same name beside it: each call is matched by how it is spelled")
    func overloadsByTheirShape() throws {
        let code = """
            final class History { static let shared = History(); var items: [Int] = [] }
            enum Pins {
                static var available: [Int] { History.shared.items }
                static func available(in items: [Int]) -> [Int] { items }
            }
            final class Pane {
                func a() -> [Int] { Pins.available(in: [1]) }
                func b() -> [Int] { Pins.available }
            }
            """
        let found = try found(code).filter { $0.contains("Pins.available") }
        #expect(found == ["8 global state Pins.available"], "\(found)")
    }
}
