/// One lesson of a course, with the places its parts live.
///
///     Lessons/01-constructor-injection/lesson.json      metadata
///     Lessons/01-constructor-injection/README.md        text (and README.zh-Hans.md)
///     Lessons/01-constructor-injection/Sources/         the learner's module (starter code)
///     Tests/Lessons/01-constructor-injection/           Swift Testing tests
///     Solutions/01-constructor-injection/Sources/       the reference solution
///     Solutions/01-constructor-injection/Wrong/NAME/    plausible wrong solutions the tests reject
public struct Lesson: Sendable, Equatable {
    /// The folder name: `01-constructor-injection`.
    public var id: String
    public var number: Int
    /// The id without its number: `constructor-injection`.
    public var slug: String
    public var metadata: LessonMetadata
    /// The course folder holding `Lessons/`, `Tests/` and `Solutions/`.
    public var root: String

    public init(id: String, number: Int, slug: String, metadata: LessonMetadata, root: String) {
        self.id = id
        self.number = number
        self.slug = slug
        self.metadata = metadata
        self.root = root
    }

    public var module: String { metadata.module }
    public var folder: String { "\(root)/Lessons/\(id)" }
    public var sources: String { "\(folder)/Sources" }
    public var tests: String { "\(root)/Tests/Lessons/\(id)" }
    public var solutionFolder: String { "\(root)/Solutions/\(id)" }
    public var solutionSources: String { "\(solutionFolder)/Sources" }
    public var wrongSolutions: String { "\(solutionFolder)/Wrong" }

    public func readme(in language: Language) -> String { "\(folder)/\(language.readmeName)" }

    public func title(in language: Language) -> String { metadata.title.text(in: language) }

    /// The types the lesson says must be handed in, not built in place: every `of` of its `no_construction` rules.
    /// `kata graph` treats them as collaborators on the lesson's code, whatever effects they have.
    public var declaredCollaborators: Set<String> {
        Set(metadata.rules.filter { $0.kind == .noConstruction }.flatMap(\.of))
    }
}

/// A lesson folder whose metadata could not be read: listed, never checked.
public struct BrokenLesson: Sendable, Equatable {
    public var id: String
    public var problems: [String]
}
