import Foundation

/// The marker a scaffolded lesson carries wherever its author still has to
/// write something. `kata verify` reports every place that still holds it.
public enum Placeholder {
    public static let marker = "TODO(author)"
}

/// A new lesson in the course format, ready to be filled in: what `kata new` writes.
///
///     let scaffold = try LessonScaffold.plan(slug: "clock-injection", module: nil, number: nil, course: course)
///     for (path, text) in scaffold.files { ... }      // paths relative to the course root
///
/// The example inside is a whole, working lesson (a greeter that reads the
/// hour from a singleton, refactored to be handed its hour source), so the
/// contract's mechanical part holds from the start: the starter compiles and
/// fails the tests, the solution passes, the wrong solution is rejected. What
/// is left is the author's: every text and every file marked `TODO(author)`.
public struct LessonScaffold: Sendable, Equatable {
    public var number: Int
    public var slug: String
    public var module: String
    /// Relative paths (from the course root) and their contents, in a stable order.
    public var files: [(path: String, text: String)]

    public var id: String { String(format: "%02d", number) + "-" + slug }

    public static func == (lhs: LessonScaffold, rhs: LessonScaffold) -> Bool {
        lhs.number == rhs.number && lhs.slug == rhs.slug && lhs.module == rhs.module
            && lhs.files.map(\.path) == rhs.files.map(\.path) && lhs.files.map(\.text) == rhs.files.map(\.text)
    }

    /// Module names a lesson may not take: the runner's own and the toolchain's.
    static let reservedModules: Set<String> = [
        "KataCore", "kata", "Kata", "Swift", "Foundation", "Testing", "XCTest", "Dispatch", "Glibc", "Darwin", "_Concurrency",
    ]

    /// Checks the request against the course and lays out the lesson.
    /// - Parameters:
    ///   - existingFolders: ids (`NN-slug`) already present under `Lessons/`, `Tests/Lessons/` or `Solutions/`
    ///     of the course the lesson goes into, whether or not they load.
    public static func plan(slug rawSlug: String, module requested: String?, number requestedNumber: Int?, course: Course, existingFolders: [String] = []) throws -> LessonScaffold {
        let slug = rawSlug.trimmingCharacters(in: .whitespaces)
        if let (number, rest) = CourseLoader.split(id: slug), slug.first?.isNumber == true {
            throw KataError.usage("give the slug without its number: kata new \(rest) (the number is chosen for you; --number \(number) picks one)")
        }
        guard isValidSlug(slug) else {
            throw KataError.usage("\"\(slug)\" is not a lesson slug: use lowercase words joined by -, starting with a letter, like clock-injection")
        }
        let takenIDs = Set(course.allIDs + existingFolders)
        let takenSlugs = Set(takenIDs.compactMap { CourseLoader.split(id: $0)?.1 } + course.lessons.map(\.slug))
        if takenSlugs.contains(slug) {
            let owner = takenIDs.sorted().first { CourseLoader.split(id: $0)?.1 == slug } ?? slug
            throw KataError.usage("the slug \"\(slug)\" is already used by lesson \(owner): choose another one")
        }

        let takenNumbers = Set(takenIDs.compactMap { CourseLoader.split(id: $0)?.0 } + course.lessons.map(\.number))
        let number: Int
        if let requestedNumber {
            guard (1...99).contains(requestedNumber) else {
                throw KataError.usage("--number takes a lesson number from 1 to 99, like --number 51")
            }
            guard !takenNumbers.contains(requestedNumber) else {
                let owner = takenIDs.sorted().first { CourseLoader.split(id: $0)?.0 == requestedNumber } ?? String(requestedNumber)
                throw KataError.usage("lesson number \(String(format: "%02d", requestedNumber)) is already used by \(owner): choose another --number, or leave it out for the next free one")
            }
            number = requestedNumber
        } else {
            number = (takenNumbers.max() ?? 0) + 1
            guard number <= 99 else {
                throw KataError.usage("the course already has a lesson 99: pick a free number with --number N")
            }
        }

        let module = requested ?? upperCamelCase(slug)
        guard LessonMetadata.isIdentifier(module), module.unicodeScalars.allSatisfy(\.isASCII) else {
            throw KataError.usage("--module takes a Swift identifier in ASCII letters and digits, like --module ClockInjection, not \"\(module)\"")
        }
        guard !reservedModules.contains(module) else {
            throw KataError.usage("the module name \"\(module)\" is taken by the runner or the toolchain: choose another with --module Name")
        }
        if let owner = course.lessons.first(where: { $0.module == module }) {
            throw KataError.usage("the module \"\(module)\" is already lesson \(owner.id)'s: module names are unique in a course; choose one with --module Name")
        }
        var scaffold = LessonScaffold(number: number, slug: slug, module: module, files: [])
        scaffold.files = scaffold.layout()
        return scaffold
    }

    /// `clock-injection` → `ClockInjection`.
    public static func upperCamelCase(_ slug: String) -> String {
        slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    public static func isValidSlug(_ slug: String) -> Bool {
        guard let first = slug.unicodeScalars.first, ("a"..."z").contains(first), slug.count <= 48 else { return false }
        guard !slug.hasSuffix("-"), !slug.contains("--") else { return false }
        return slug.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    // MARK: - The files

    func layout() -> [(path: String, text: String)] {
        let todo = Placeholder.marker
        let metadata = LessonMetadata(
            module: module,
            title: LocalizedText(english: "\(todo): the lesson's title", chinese: "\(todo)：课程标题"),
            summary: LocalizedText(
                english: "\(todo): one sentence: the legacy code, and what the refactoring gives it.",
                chinese: "\(todo)：一句话：遗留代码是什么，重构之后它得到了什么。"),
            hints: [
                LocalizedText(english: "\(todo): a nudge: where to look first.", chinese: "\(todo)：轻轻一推：先看哪里。"),
                LocalizedText(english: "\(todo): a closer look: which type or signature changes.", chinese: "\(todo)：再近一步：哪个类型或签名要改。"),
                LocalizedText(english: "\(todo): nearly the answer.", chinese: "\(todo)：几乎就是答案。"),
            ],
            points: 10
        )
        var rule = LessonRule(id: "no-shared-hour", kind: .forbiddenReference, fix: LocalizedText(
            english: "\(todo): what the learner does, e.g. hand Greeter its hour source through init(hours:) and name SystemHour.shared nowhere, default arguments included.",
            chinese: "\(todo)：学习者该怎么做，例如通过 init(hours:) 把时间来源交给 Greeter，并且任何地方（包括默认参数）都不再提到 SystemHour.shared。"))
        rule.names = ["SystemHour.shared"]
        rule.exceptIn = ["SystemHour"]
        var described = metadata
        described.rules = [rule]
        return [
            ("Lessons/\(id)/lesson.json", String(decoding: described.encoded(), as: UTF8.self)),
            ("Lessons/\(id)/README.md", englishReadme),
            ("Lessons/\(id)/README.zh-Hans.md", chineseReadme),
            ("Lessons/\(id)/Sources/\(module).swift", starter),
            ("Tests/Lessons/\(id)/\(module)Tests.swift", tests),
            ("Solutions/\(id)/Sources/\(module).swift", solution),
            ("Solutions/\(id)/Wrong/keeps-the-singleton/\(module).swift", wrong),
            ("Solutions/\(id)/Wrong/keeps-the-singleton/wrong.json", #"{"caught_by": ["rule:no-shared-hour", "test:morning", "test:afternoon"], "family": "keeps the singleton behind the new initializer"}"# + "\n"),
            ("Solutions/\(id)/steps.json", steps),
        ]
    }

    private var englishReadme: String {
        let todo = Placeholder.marker
        return """
            # \(todo): the lesson's title

            \(todo): the problem. What the legacy code in `Sources/` does, and
            why that hurts: which test cannot be written while it reaches for
            its dependency itself.

            ## The idea

            \(todo): the dependency injection idea of this lesson, in a few
            sentences, with a small example that is not the answer.

            ## Your task

            \(todo): the steps, one per line.

            1. ...
            2. ...

            ## Names the tests rely on

            \(todo): every type, initializer, method and property the tests use.

            - `HourSource`, with `var hour: Int { get }`
            - `Greeter(hours:)`, taking `any HourSource`
            - `greeting() -> String`

            ## Check your work

                kata check \(id)

            """
    }

    private var chineseReadme: String {
        let todo = Placeholder.marker
        return """
            # \(todo)：课程标题

            \(todo)：问题。`Sources/` 里的遗留代码做了什么，为什么这样不好：
            它自己去拿依赖时，哪个测试写不出来。

            ## 思路

            \(todo)：本课的依赖注入思路，几句话，配一个不是答案的小例子。

            ## 你的任务

            \(todo)：步骤，每行一步。

            1. ……
            2. ……

            ## 测试依赖的名字

            \(todo)：测试用到的每个类型、初始化方法、方法和属性。

            - `HourSource`，带有 `var hour: Int { get }`
            - `Greeter(hours:)`，接收 `any HourSource`
            - `greeting() -> String`

            ## 检查你的代码

                kata check \(id)

            """
    }

    /// The legacy code: compiles and runs, and reaches for a singleton.
    private var starter: String {
        """
        // \(Placeholder.marker): replace this example with the legacy code of your lesson.
        // It must compile and run as it is, and fail the tests (see AUTHORING.md).
        import Foundation

        /// Where a greeting's hour comes from.
        public protocol HourSource {
            var hour: Int { get }
        }

        /// The real clock, reached through a shared instance: the legacy singleton.
        public final class SystemHour: HourSource, Sendable {
            public static let shared = SystemHour()
            public var hour: Int { Calendar.current.component(.hour, from: Date()) }
        }

        /// Greets by the time of day, but picks its own hour source.
        public struct Greeter {
            public init() {}

            public func greeting() -> String {
                SystemHour.shared.hour < 12 ? "Good morning" : "Good afternoon"
            }
        }

        """
    }

    private var solution: String {
        """
        // \(Placeholder.marker): replace this example with the reference solution of your lesson:
        // the whole module, after the refactoring.
        \(handedHourSource(comment: "Greets by the time of day, from the hour source it is handed."))

            public func greeting() -> String {
                hours.hour < 12 ? "Good morning" : "Good afternoon"
            }
        }

        """
    }

    /// The part the solution and the wrong solution share: the protocol, the
    /// real clock, and a greeter that takes its hour source in `init`.
    private func handedHourSource(comment: String) -> String {
        """
        import Foundation

        /// Where a greeting's hour comes from.
        public protocol HourSource {
            var hour: Int { get }
        }

        /// The real clock; callers hand it in.
        public final class SystemHour: HourSource, Sendable {
            public static let shared = SystemHour()
            public var hour: Int { Calendar.current.component(.hour, from: Date()) }
        }

        /// \(comment)
        public struct Greeter {
            private let hours: any HourSource

            public init(hours: any HourSource) {
                self.hours = hours
            }
        """
    }

    /// Takes the parameter, but still asks the singleton: one of the two tests
    /// fails whatever the time of day.
    private var wrong: String {
        """
        // \(Placeholder.marker): replace this example with a plausible wrong solution of your lesson,
        // one a learner might write; the tests must reject it. Add more folders under Wrong/.
        \(handedHourSource(comment: "Takes an hour source, then ignores it."))

            public func greeting() -> String {
                SystemHour.shared.hour < 12 ? "Good morning" : "Good afternoon"
            }
        }

        """
    }

    private var tests: String {
        """
        // \(Placeholder.marker): replace these example tests with the tests of your lesson.
        // Swift Testing; give every #expect a message a beginner can act on (see AUTHORING.md).
        import Testing
        @testable import \(module)

        /// A fake hour source: the hour the test chooses.
        struct FixedHour: HourSource {
            let hour: Int
        }

        @Suite("\(module)")
        struct \(module)Tests {
            @Test("before noon, the greeter says good morning")
            func morning() {
                let greeter = Greeter(hours: FixedHour(hour: 9))
                #expect(greeter.greeting() == "Good morning", "At 9 o'clock the greeting should be \\"Good morning\\". Does greeting() read the hour from the source passed to Greeter(hours:)?")
            }

            @Test("after noon, the greeter says good afternoon")
            func afternoon() {
                let greeter = Greeter(hours: FixedHour(hour: 15))
                #expect(greeter.greeting() == "Good afternoon", "At 15 o'clock the greeting should be \\"Good afternoon\\". Does greeting() read the hour from the source passed to Greeter(hours:)?")
            }
        }

        """
    }

    private var steps: String {
        let todo = Placeholder.marker
        let object: [String: Any] = [
            "format_version": 1,
            "steps": [
                [
                    "folder": "Sources",
                    "title": ["en": "\(todo): the step's title", "zh-Hans": "\(todo)：这一步的标题"],
                    "explanation": [
                        "en": "\(todo): one paragraph: what changes and why. Add a folder under Steps/ for every step before the last.",
                        "zh-Hans": "\(todo)：一段话：改了什么，为什么。最后一步之前的每一步都在 Steps/ 下放一个文件夹。",
                    ],
                ] as [String: Any],
            ],
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

extension LessonScaffold {
    /// What `kata new --json` prints.
    public struct Created: Sendable, Codable, Equatable {
        public var id: String
        public var module: String
        public var courseRoot: String
        public var files: [String]
    }

    /// Folder names under `Lessons/`, `Tests/Lessons/` and `Solutions/` of these course roots.
    public static func existingFolders(in roots: [String], fileSystem: any FileSystem) -> [String] {
        roots.flatMap { root in
            ["Lessons", "Tests/Lessons", "Solutions"].flatMap { folder in
                ((try? fileSystem.contentsOfDirectory("\(root)/\(folder)")) ?? []).filter { !$0.hasPrefix(".") }
            }
        }
    }

    /// Writes the files under `root`; refuses before writing anything if one exists.
    @discardableResult
    public func write(into root: String, fileSystem: any FileSystem) throws -> [String] {
        for file in files where fileSystem.exists("\(root)/\(file.path)") {
            throw KataError.failure("\(root)/\(file.path) already exists; kata new never overwrites a file. Choose another slug or --number.")
        }
        for file in files {
            try fileSystem.writeText(file.text, to: "\(root)/\(file.path)")
        }
        return files.map(\.path)
    }
}
