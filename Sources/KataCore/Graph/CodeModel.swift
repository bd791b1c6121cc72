/// What a reader (the compiler's syntax dump, or the simpler token reader)
/// found in a folder of Swift code: declarations and the references that
/// may be dependencies. `DependencyAnalyzer` decides which ones are.
public struct CodeModel: Sendable, Equatable {
    public var types: [TypeDeclaration] = []
    public var members: [MemberDeclaration] = []
    public var references: [CodeReference] = []
    /// `.shared` written without its type, where the context supplies it (rules read these).
    public var implicitMembers: [ImplicitMemberReference] = []
    public var imports: [ImportDeclaration] = []
    /// Every `@name` in the code, declarations' attributes and property wrappers alike.
    public var attributes: [AttributeUse] = []
    /// Every `#name` that is not a string: `#if`, `#sourceLocation`, `#selector`...
    public var directives: [AttributeUse] = []
    public var typeAliases: [TypeAlias] = []
    /// Types named in code without a member or a call: `as? RaceEngineer`, `let e: Engine`, `[Wheel]()`.
    public var typeMentions: [TypeMention] = []

    public init() {}

    /// The variables the code may write, as `Base|name` (see `TokenTools.writtenVariables`).
    public var writtenVariables: Set<String> = []
    /// The variables the code reads for their value somewhere, as `Base|name` (see `TokenTools.variableUses`).
    public var readVariables: Set<String> = []

    public mutating func append(_ other: CodeModel) {
        writtenVariables.formUnion(other.writtenVariables)
        readVariables.formUnion(other.readVariables)
        types += other.types
        members += other.members
        references += other.references
        implicitMembers += other.implicitMembers
        imports += other.imports
        attributes += other.attributes
        directives += other.directives
        typeAliases += other.typeAliases
        typeMentions += other.typeMentions
    }
}

/// A type's name standing alone in code: a cast, an annotation, a generic argument.
public struct TypeMention: Sendable, Equatable {
    public var name: String
    public var owner: String?
    public var member: String?
    public var context: ReferenceContext
    public var file: String
    public var line: Int
}

/// `import Foundation`, `@testable import X`, `import struct Foundation.Date`: the module is `Foundation`.
public struct ImportDeclaration: Sendable, Equatable, Codable {
    public var module: String
    public var file: String
    public var line: Int
}

/// An `@attribute` or a `#directive`, named without its sign: `_cdecl`, `TaskLocal`, `sourceLocation`.
public struct AttributeUse: Sendable, Equatable, Codable {
    public var name: String
    public var file: String
    public var line: Int
}

/// `typealias E = V8Engine`.
public struct TypeAlias: Sendable, Equatable, Codable {
    public var name: String
    /// The written target: `V8Engine`, `any Engine`.
    public var target: String
    /// Capitalized names in the target.
    public var targetNames: [String]
    public var owner: String?
    public var file: String
    public var line: Int
}

/// `.shared` with no type before the dot: Swift takes the type from the context.
public struct ImplicitMemberReference: Sendable, Equatable {
    public var member: String
    /// The types the context names, where the reader knows them: a default
    /// argument's parameter type, a property's declared type. Empty: unknown.
    public var contextTypes: [String]
    public var owner: String?
    /// The member whose code holds it (`init`, a property's name); nil at file scope.
    public var inMember: String?
    public var context: ReferenceContext
    public var file: String
    public var line: Int
}

public enum TypeKind: String, Sendable, Codable, Equatable {
    case `class`, `struct`, `enum`, actor, `protocol`, `extension`
}

public struct TypeDeclaration: Sendable, Equatable, Codable {
    /// Qualified by the types around it: `RaceCar.Pit`.
    public var name: String
    public var kind: TypeKind
    /// Names in the inheritance clause: superclass and protocols.
    public var inherits: [String]
    public var file: String
    public var line: Int
    /// Marked `@main`: the program's entry point, a composition root.
    public var isEntryPoint: Bool
    /// Conforms to `@unchecked Sendable`: the compiler was told not to check it.
    public var isUncheckedSendable: Bool = false
    /// Declared `private` or `fileprivate`: a part of its file's code, which nothing outside the file can build or replace.
    public var isPrivate: Bool = false

    public var simpleName: String { String(name.split(separator: ".").last ?? Substring(name)) }
}

public struct Parameter: Sendable, Equatable, Codable {
    public var label: String
    public var name: String
    /// The written type, as in the source: `any Engine`.
    public var type: String
    /// Capitalized names in the type: `["Engine"]`.
    public var typeNames: [String]
    public var hasDefault: Bool

    /// The type an implicit member of its default (`= .standard`) belongs to: the written type when it
    /// is a plain dotted path (`Socket.Configuration`, `any Store`, `Clock?`), else its first name.
    public var implicitMemberType: String? {
        var written = type.trimmingCharacters(in: .whitespaces)
        for prefix in ["any ", "some "] where written.hasPrefix(prefix) { written = String(written.dropFirst(prefix.count)) }
        written.removeAll { $0.isWhitespace }
        while written.hasSuffix("?") || written.hasSuffix("!") { written = String(written.dropLast()) }
        let parts = written.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count > 1, parts.allSatisfy({ part in part.first?.isUppercase == true && part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }) {
            return written
        }
        return typeNames.first
    }
}

public struct MemberDeclaration: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable { case initializer, method, property }
    /// The type (qualified) the member belongs to; nil at file scope.
    public var owner: String?
    public var name: String
    public var kind: Kind
    public var isStatic: Bool
    /// `var` rather than `let` (properties only).
    public var isMutable: Bool
    /// Has `{ get ... }` or observers rather than storage (properties only).
    public var isComputed: Bool
    /// Capitalized names of the declared type (properties) or result.
    public var typeNames: [String]
    /// The first name of the initial value when it is a call: `V8Engine` for `= V8Engine()`.
    public var initialValueCall: String?
    public var parameters: [Parameter]
    public var file: String
    public var line: Int
    /// Attributes written before it, without `@`: `TaskLocal`, `MainActor`, `_cdecl`.
    public var attributes: [String] = []
    /// A `convenience init`, or an initializer that hands over to `self.init(...)`.
    public var isConvenience: Bool = false
    /// Properties: the initial value is a plain literal (`0`, `"x"`, `[1, 2]`, `nil`, `true`).
    public var initialValueIsLiteral: Bool = false
    /// Methods: hands out a value of a generic type it is not handed (`func resolve<T>(_: T.Type) -> T`),
    /// the shape of a service locator.
    public var resolvesByType: Bool = false
    /// Properties: declared as `Self` (`static var live: Self { ... }`).
    public var declaredAsSelf: Bool = false
    /// Properties: the declared type when it is written as a plain path (`Workspace.Prebuilts`, `Cache<Int>?`
    /// gives `Cache`): the type `.init(...)` assigned to it builds. Nil for anything else (`[Item]`, a tuple, none).
    public var declaredTypePath: String? = nil
    /// Properties: `public var` or `open var` with no narrower setter: code outside the module may set it.
    public var isSettableOutside: Bool = false
    /// Properties: declared `private` or `fileprivate`: for the type's (or the file's) own use.
    public var isPrivate: Bool = false
    /// Methods: the names in the declared result (`-> PitCrew` gives `PitCrew`).
    public var resultTypeNames: [String] = []
}

/// Where in a declaration a reference sits.
public enum ReferenceContext: String, Sendable, Codable, Equatable {
    case body
    case defaultArgument = "default argument"
    case initialValue = "initial value"
    case attribute
    case topLevel = "top-level code"
}

public struct CodeReference: Sendable, Equatable {
    public enum Shape: Sendable, Equatable {
        /// `V8Engine.shared`, `Foo.Bar.default`, `Int.random`: a member of a type.
        case member(base: String, member: String)
        /// `Engine(...)`, `Engine.init(...)`.
        case construction(type: String)
        /// A lowercase name on its own: a global variable, if one is declared.
        case name(String)
    }
    public var shape: Shape
    /// The type (qualified) whose code holds the reference; nil at file scope.
    public var owner: String?
    /// `init`, `start`, `engine` (a property's initial value), nil at file scope.
    public var member: String?
    public var memberIsStatic: Bool
    public var context: ReferenceContext
    public var file: String
    public var offset: Int
    public var line: Int
    /// For a construction: `Date()` rather than `Date(timeIntervalSince1970: 0)`.
    public var withoutArguments: Bool = false
    /// For a call: the label of its first argument, `contentsOf` in `Data(contentsOf: url)`.
    public var firstArgumentLabel: String? = nil
    /// Inside a `convenience init` (or one that hands over to `self.init`): the edge of the app.
    public var inConvenienceInit: Bool = false
    /// For a call: its result lives no longer than the member's locals (see `TokenTools.isTemporary`).
    public var isTemporary: Bool = false
    /// For a call that only packages what it is given: the names its arguments start from (see
    /// `TokenTools.handedArguments`); nil otherwise.
    public var handedArguments: [String]? = nil
    /// For a construction: the object is only returned or handed to another object (see `TokenTools.handedOn`).
    public var handedOn: Bool = false
    /// `&name`: only the variable's address is used (an Objective-C associated-object key, a context pointer).
    public var addressTaken: Bool = false
    /// `Defaults[.key] = value`: a type's subscript (member `subscript`) written to, which only a static subscript
    /// with a setter allows: the type keeps state everyone shares. `NSAppearance.current = saved`: a type's member
    /// assigned to.
    public var writes: Bool = false
    /// For a member: the object it names is asked for something in turn (`WCSession.default.activate()`).
    public var usedAsReceiver: Bool = false
    /// For a construction: the name it stands in for, when it is the right side of `??` (`delegate ?? Default()`).
    public var fallbackOf: String? = nil
}
