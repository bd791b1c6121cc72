/// One place where code reaches for what it should be handed.
public struct HiddenDependency: Sendable, Codable, Equatable {
    public enum Kind: String, Sendable, Codable, Equatable {
        /// `V8Engine.shared`, `UserDefaults.standard`, `FileManager.default`.
        case singleton
        /// The clock, randomness, a global or static `var`.
        case globalState = "global state"
        /// `Engine()` built inside the type that uses it.
        case construction
    }
    public var kind: Kind
    public var file: String
    public var line: Int
    /// The type whose code reaches out; nil for free functions and globals.
    public var owner: String?
    /// The member holding the reference: `init`, `start`, a property's name.
    public var member: String?
    public var context: ReferenceContext
    /// What is reached for: `V8Engine.shared`, `Date()`, `Engine()`.
    public var target: String
    public var suggestion: LocalizedText

    /// `RaceCar.init`, or the member alone at file scope.
    public var site: String {
        [owner, member].compactMap { $0 }.joined(separator: ".")
    }
}

public struct DependencyEdge: Sendable, Codable, Equatable, Hashable {
    public enum Kind: String, Sendable, Codable, Equatable, Hashable {
        case creates
        case reachesFor = "reaches for"
        case isHanded = "is handed"
        case conformsTo = "conforms to"
        /// An adapter calling the system it wraps (`SystemClock` → `Date()`): on purpose.
        case wraps
    }
    public var from: String
    public var to: String
    public var kind: Kind
    /// How: `V8Engine.shared`, `init(engine:)`, `property engine`.
    public var via: String
    /// The modules (folders under `Sources/`, or top folders) of both ends; empty for one-folder code.
    public var fromModule: String = ""
    public var toModule: String = ""
}

public struct TypeSummary: Sendable, Codable, Equatable {
    public var name: String
    public var kind: TypeKind
    public var file: String
    public var line: Int
    public var inherits: [String]
    /// The folder under `Sources/` (or the top folder) the type is declared in; empty for one-folder code.
    public var module: String = ""
}

/// The dependency picture of a folder of Swift code.
public struct DependencyAnalysis: Sendable, Codable, Equatable {
    public var types: [TypeSummary]
    public var edges: [DependencyEdge]
    public var hiddenDependencies: [HiddenDependency]
    /// References the composition root makes on purpose: building the real objects is its job.
    public var compositionRoot: [HiddenDependency]
    /// System globals used by a type whose job is to wrap them (a `SystemClock: Clock`
    /// calling `Date()`): the adapter at the edge, on purpose.
    public var adapters: [HiddenDependency]
    /// "swiftc syntax dump" or "token reader".
    public var reader: String
    /// Why the simpler reader was used, and other things a reader should know.
    public var notes: [String]
    /// Files read, and how many of them the token reader read (no usable syntax dump).
    public var filesRead: Int = 0
    public var filesByTokenReader: Int = 0
    /// Files left out because their header says a tool wrote them (not counted in `filesRead`).
    public var filesGenerated: Int = 0
}

/// The module a file belongs to: the folder after the last `Sources/`, else the top folder.
public func moduleName(ofFile file: String) -> String {
    let parts = file.split(separator: "/").map(String.init)
    guard parts.count >= 2 else { return "" }
    if let sources = parts.lastIndex(where: { $0 == "Sources" || $0 == "Source" }) {
        return sources + 2 < parts.count ? parts[sources + 1] : ""
    }
    return parts[0]
}

/// Decides which references are hidden dependencies, and draws the edges.
public struct DependencyAnalyzer: Sendable {
    /// Members that name the one shared instance of a type of the code's own.
    public static let singletonMembers: Set<String> = ["shared", "default", "standard", "current", "main", "instance", "sharedInstance", "processInfo"]
    /// Members that name a singleton on any type, even one the code does not declare (a library's).
    static let anyTypeSingletonMembers: Set<String> = ["shared", "sharedInstance", "instance"]
    /// Members by which a library type hands out its one instance when the code uses it as an object.
    static let libraryInstanceMembers: Set<String> = ["default", "standard", "current"]
    /// The platform's singletons (the object is a service: files, defaults, network, the app, the pasteboard).
    static let systemSingletons: [String: Set<String>] = [
        "FileManager": ["default"], "NotificationCenter": ["default"], "UserDefaults": ["standard"], "URLSession": ["shared"],
        "UIApplication": ["shared"], "NSApplication": ["shared"], "NSWorkspace": ["shared"], "UIDevice": ["current"],
        "UIScreen": ["main"], "NSPasteboard": ["general"], "UIPasteboard": ["general"], "HTTPCookieStorage": ["shared"],
        "URLCache": ["shared"], "UNUserNotificationCenter": ["current"], "DistributedNotificationCenter": ["default"],
        "NSUbiquitousKeyValueStore": ["default"], "SKPaymentQueue": ["default"], "AVAudioSession": ["sharedInstance"],
        "PHPhotoLibrary": ["shared"], "WKWebsiteDataStore": ["default"], "NSDocumentController": ["shared"],
        "NSFontManager": ["shared"], "NSSpellChecker": ["shared"], "Bundle": ["main"], "NSHapticFeedbackManager": ["defaultPerformer"], "NSAppleEventManager": ["shared"],
        "NSWorkspace.shared": ["notificationCenter"], "CKContainer": ["default"], "SKStoreReviewController": [], "NSHelpManager": ["shared"],
        "NSStatusBar": ["system"], "NSColorPanel": ["shared"], "UIMenuController": ["shared"], "NSUserNotificationCenter": ["default"],
        "NSFileCoordinator": [], "NSEvent": [], "ProcessInfo": ["processInfo"],
    ]
    /// The platform's ambient state: the clock, the place, the environment, the mouse.
    static let systemState: [String: Set<String>] = [
        "Date": ["now", "timeIntervalSinceReferenceDate"], "ProcessInfo": ["processInfo"], "Locale": ["current", "autoupdatingCurrent", "preferredLanguages"],
        "TimeZone": ["current", "autoupdatingCurrent"], "Calendar": ["current", "autoupdatingCurrent"], "DispatchTime": ["now"],
        "DispatchWallTime": ["now"], "NSEvent": ["modifierFlags", "mouseLocation", "pressedMouseButtons", "addLocalMonitorForEvents", "addGlobalMonitorForEvents", "removeMonitor"],
        "CFAbsoluteTime": [], "NSScreen": ["main", "screens"], "CommandLine": ["arguments", "argc", "unsafeArgv"], "UIAccessibility": [], "NSCursor": ["current"],
        // The process-wide registry of file presenters.
        "NSFileCoordinator": ["addFilePresenter", "removeFilePresenter", "filePresenters"],
        // Waiting on the real clock: a test of the code waits as long.
        "Task": ["sleep"], "Thread": ["sleep"], "Timer": ["scheduledTimer"],
    ]
    /// The member by which a type of any library reads the current time (`ContinuousClock.now`, `NIODeadline.now()`).
    static let clockMembers: Set<String> = ["now"]
    /// Protocols of user interface pieces that are not views themselves.
    static let uiProtocols: Set<String> = ["ViewModifier", "EnvironmentKey", "PreferenceKey", "ButtonStyle", "LabelStyle", "ToggleStyle",
                                           "PrimitiveButtonStyle", "Shape", "Layout", "GeometryEffect", "Animatable", "AnimatableModifier",
                                           "ToolbarContent", "CustomizableToolbarContent", "Commands"]
    /// Clock and randomness targets that views use for animation and identity.
    static let animationState = ["Date()", "UUID()", ".random", "CACurrentMediaTime()", "CFAbsoluteTimeGetCurrent()", ".randomElement()", ".shuffled()", "Date.now", "arc4random_uniform()",
                                  // A view that waits a moment before the next step of an animation or a presentation
                                  // (a timer that scrolls a label, a pause before a hint appears).
                                  "DispatchQueue.asyncAfter", "Timer.scheduledTimer", "Task.sleep", "Thread.sleep"]
    /// Free functions that read the clock, randomness or the environment.
    static let systemFunctions = FunctionFamilies(names: [
        "arc4random", "arc4random_uniform", "arc4random_buf", "drand48",
        "CFAbsoluteTimeGetCurrent", "CACurrentMediaTime", "mach_absolute_time", "clock_gettime", "gettimeofday",
        "getenv", "setenv", "NSHomeDirectory", "NSUserName", "NSFullUserName", "NSLog",
        "usleep", "nanosleep",
        "posix_spawn", "posix_spawnp", "fork", "vfork", "execve", "execv", "execvp", "exit", "kill",
    ], prefixes: [
        // The C APIs whose every function talks to another part of the system: the window server (its window lists,
        // displays, cursor and events; SkyLight's private `CGS`/`SLS` calls), other processes (message ports, the
        // distributed notification center, accessibility), the preferences store, the keychain, the I/O registry
        // and power management, Launch Services. A pure function of the same frameworks (`CGRectMake`,
        // `CFStringCreateWithCString`) belongs to none of these families.
        "CGWindowList", "CGDisplay", "CGMainDisplay", "CGGetActiveDisplayList", "CGGetOnlineDisplayList", "CGWarpMouseCursor",
        "CGAssociateMouse", "CGEventPost", "CGEventTap", "CGEventSource", "CGPreflight", "CGRequest", "CGS", "SLS",
        "CFMessagePort", "CFNotificationCenter", "CFPreferences", "AXUIElement", "AXObserver", "AXIsProcessTrusted",
        "SecItem", "SecKeychain", "IOService", "IORegistry", "IOPM", "IOHID", "LSCopy", "LSSet", "LSOpen", "LSRegister",
    ])
    /// Free functions of the platform that reach the system: by name, or by the C API family they belong to (a prefix
    /// followed by the next word's capital: `CGWindowListCopyWindowInfo` is of `CGWindowList`, `CGSizeMake` of none).
    struct FunctionFamilies: Sendable {
        let names: Set<String>
        let prefixes: [String]
        func contains(_ name: String) -> Bool {
            if names.contains(name) { return true }
            // A Core Foundation type's identity (`AXUIElementGetTypeID`) asks nothing of the system.
            if name.hasSuffix("GetTypeID") { return false }
            return prefixes.contains { prefix in
                name.hasPrefix(prefix) && name.count > prefix.count && name.dropFirst(prefix.count).first?.isUppercase == true
            } || prefixes.contains(name)
        }
    }
    /// Global objects of the platform (`NSApp`).
    static let systemGlobals: Set<String> = ["NSApp"]
    /// Values whose plain construction reads the machine: the clock (`Date()`), a random id (`UUID()`), the system's
    /// random source (`SystemRandomNumberGenerator()`, what `.random` and `shuffled()` use when none is handed in).
    static let readsTheSystemWhenMade: Set<String> = ["Date", "UUID", "SystemRandomNumberGenerator"]
    /// Platform types whose construction starts I/O or another process.
    static let systemServices: Set<String> = ["Process", "NSTask", "NSAlert", "URLSession", "NWPathMonitor", "CLLocationManager", "NSAppleScript", "FileHandle", "NWConnection", "NWListener", "CBCentralManager", "EKEventStore", "CNContactStore", "HKHealthStore", "CMMotionManager", "NSFileCoordinator"]
    /// Constructions that read a file or the network when handed this first label.
    static let readingLabels: Set<String> = ["contentsOf", "contentsOfFile", "contentsOfURL"]
    static let readingTypes: Set<String> = ["Data", "String", "NSString", "NSData", "NSDictionary", "NSArray", "UIImage", "NSImage", "XMLParser", "XMLDocument", "PropertyListDecoder", "NSAttributedString", "AVAudioPlayer", "InputStream"]
    /// Members that are shared but not a hidden dependency a reviewer flags (the main queue, the run loop).
    static let ignoredMembers: [String: Set<String>] = [
        "DispatchQueue": ["main", "global"], "RunLoop": ["main", "current"], "OperationQueue": ["main", "current"], "Thread": ["main", "current", "isMainThread"],
        "MainActor": ["shared"], "Task": ["current", "isCancelled"], "NSNull": [], "CharacterSet": [], "JSONEncoder": [], "JSONDecoder": [],
    ]
    /// Conformances that make a class data: it is written to and read from storage or the wire, or
    /// thrown. (`Hashable`, `Equatable` or `Identifiable` make no class a value: it keeps its identity.)
    static let dataConformances: Set<String> = [
        "Codable", "Decodable", "Encodable", "Error", "LocalizedError", "NSCoding", "NSSecureCoding", "NSManagedObject", "Object",
    ]
    /// Protocols of the user interface and of the app's structure: what conforms is built by the framework or by a view.
    static let uiConformances: Set<String> = [
        "View", "Scene", "App", "Widget", "WidgetBundle", "WidgetConfiguration", "Commands", "ToolbarContent", "PreviewProvider",
        "TimelineEntry", "TimelineProvider", "AppIntentTimelineProvider", "AppIntent", "ViewModifier", "ButtonStyle", "Shape",
    ]
    /// Protocols of the objects a framework creates and starts itself: each is where an app (or an
    /// extension of it) is wired, a composition root.
    static let frameworkEntryPoints: Set<String> = [
        "App", "UIApplicationDelegate", "NSApplicationDelegate", "UIWindowSceneDelegate", "WKApplicationDelegate",
        "WKExtensionDelegate", "WidgetBundle", "Widget",
    ]
    /// Superclasses and protocols of the user interface: views are built by views.
    static let uiBases: Set<String> = [
        "UIView", "UIViewController", "NSView", "NSViewController", "NSWindowController", "NSWindow", "NSPanel", "UITableViewCell",
        "UICollectionViewCell", "NSTableCellView", "NSTableRowView", "CALayer", "UIControl", "NSControl", "UIButton", "NSButton",
        "SKNode", "SKScene", "SKSpriteNode", "UIScrollView", "NSScrollView", "NSMenu", "NSMenuItem", "UIStackView", "NSStackView",
        "NSTextField", "UITextField", "UILabel", "UIImageView", "UITableView", "UICollectionView", "NSTableView", "NSOutlineView",
        "UINavigationController", "UITabBarController", "NSTabViewController", "NSSplitViewController", "UIHostingController",
        "NSHostingController", "NSHostingView", "UIViewRepresentable", "NSViewRepresentable", "UIViewControllerRepresentable",
        "NSViewControllerRepresentable", "NSWindowDelegate", "UIGestureRecognizer", "NSGestureRecognizer", "NSImageView", "NSTextView",
        "UITextView", "NSBox", "NSVisualEffectView", "NSSlider", "NSPopUpButton", "NSSegmentedControl", "UISegmentedControl",
        "UISwitch", "NSSwitch", "UIAlertController", "NSAlert", "NSCollectionViewItem", "UITableViewController", "UICollectionViewController",
    ]

    public init() {}

    /// `roots` names more composition roots: types (`Garage`), members (`LapLogger.live`),
    /// or patterns with `*` (`*.liveValue`, `*Assembly`).
    /// `includeTests` keeps the findings of test doubles (`MockStore`, `FeedTests`) too.
    /// `collaborators`: types declared collaborators worth handing in whatever the analysis finds (a lesson's
    /// `no_construction` rules, `kata graph --collaborator`): building one in place is a finding even when it has
    /// no effects of its own. A protocol named there stands for every type that conforms to it.
    public func analyze(_ model: CodeModel, reader: String, notes: [String] = [], roots: Set<String> = [], collaborators: Set<String> = [],
                        includeTests: Bool = false) -> DependencyAnalysis {
        // Nested types that share a simple name with another type get names of their own for the analysis.
        guard let separated = NestedNames.separating(model) else {
            return analyzeModel(model, reader: reader, notes: notes, roots: roots, collaborators: collaborators, includeTests: includeTests)
        }
        return NestedNames.restoring(analyzeModel(separated, reader: reader, notes: notes, roots: roots, collaborators: collaborators, includeTests: includeTests))
    }

    private func analyzeModel(_ model: CodeModel, reader: String, notes: [String], roots: Set<String>, collaborators: Set<String>,
                              includeTests: Bool) -> DependencyAnalysis {
        func simple(_ name: String) -> String {
            // The part after the last dot, without a split (most names have no dot).
            let utf8 = name.utf8
            guard let dot = utf8.lastIndex(of: 46) else { return name }
            let after = utf8.index(after: dot)
            if after != utf8.endIndex { return String(name[after...]) }
            return String(name.split(separator: ".").last ?? Substring(name))
        }
        // `gitClient = .init(...)`: the readers mark the property (`=gitClient`); it builds the property's declared type.
        var model = model
        // `Row(viewModel: .init(...))`: the readers mark the call and the label (`(Row|viewModel`); it builds the type of the
        // parameter so labelled in the type's initializers (or, with none written, of the stored property a struct's
        // memberwise initializer takes), when every one of them that has it agrees.
        func isMarker(_ shape: CodeReference.Shape) -> Bool {
            switch shape {
            case .construction(let type): return type.hasPrefix("=") || type.hasPrefix("(")
            case .member(let base, _): return base.hasPrefix("=") || base.hasPrefix("(")
            case .name: return false
            }
        }
        if model.references.contains(where: { isMarker($0.shape) }) {
            var declaredTypes: [String: String] = [:]
            var parameterTypes: [String: Set<String>] = [:]
            var storedTypes: [String: String] = [:]
            var hasInitializer: Set<String> = []
            let typesByFile = Dictionary(grouping: model.types, by: \.file).mapValues { $0.sorted { $0.line < $1.line } }
            for member in model.members {
                guard let owner = member.owner else { continue }
                let ownerSimple = simple(owner)
                if member.kind == .property && !member.isStatic, let type = member.declaredTypePath {
                    declaredTypes["\(ownerSimple).\(member.name)"] = declaredTypes["\(ownerSimple).\(member.name)"] ?? type
                    if !member.isComputed { storedTypes["\(ownerSimple)|\(member.name)"] = storedTypes["\(ownerSimple)|\(member.name)"] ?? type }
                }
                if member.kind == .initializer {
                    // Only an initializer in the type's own declaration takes the memberwise one away; one in an
                    // extension leaves it (the declaration or extension nearest above the initializer in its file).
                    let enclosing = typesByFile[member.file]?.last { $0.simpleName == ownerSimple && $0.line <= member.line }
                    if enclosing?.kind != .extension { hasInitializer.insert(ownerSimple) }
                    for parameter in member.parameters where parameter.label != "_" {
                        if let type = parameter.implicitMemberType { parameterTypes["\(ownerSimple)|\(parameter.label)", default: []].insert(type) }
                    }
                }
            }
            /// The type a marker stands for, or nil when the code does not say.
            func resolve(_ marker: String, owner: String?) -> String? {
                if marker.hasPrefix("(") {
                    let parts = marker.dropFirst().split(separator: "|", maxSplits: 1).map(String.init)
                    guard parts.count == 2 else { return nil }
                    guard let callee = parts[0] == "Self" ? owner.map(simple) : simple(parts[0]) else { return nil }
                    let key = "\(callee)|\(parts[1])"
                    if let types = parameterTypes[key] {
                        guard types.count == 1, let only = types.first else { return nil }
                        return only
                    }
                    return hasInitializer.contains(callee) ? nil : storedTypes[key]
                }
                guard let owner else { return nil }
                return declaredTypes["\(simple(owner)).\(marker.dropFirst())"]
            }
            model.references = model.references.compactMap { reference in
                guard isMarker(reference.shape) else { return reference }
                var resolved = reference
                switch reference.shape {
                case .construction(let marker):
                    guard let type = resolve(marker, owner: reference.owner) else { return nil }
                    resolved.shape = .construction(type: type)
                case .member(let marker, let member):
                    guard let type = resolve(marker, owner: reference.owner) else { return nil }
                    resolved.shape = .member(base: type, member: member)
                case .name:
                    break
                }
                return resolved
            }
        }
        let declarations = model.types.filter { $0.kind != .extension }
        var bySimple: [String: [TypeDeclaration]] = [:]
        var byName: [String: TypeDeclaration] = [:]
        for type in declarations {
            bySimple[type.simpleName, default: []].append(type)
            if byName[type.name] == nil { byName[type.name] = type }
        }
        let simpleNames = Set(bySimple.keys)
        /// Whether `name`, written in code of `owner`, names a type of the code's own, as the compiler looks it up: a
        /// nested type (`Constants.UserDefaults`, a namespace of keys) is seen unqualified only inside the type that
        /// holds it; elsewhere the name is the platform's (`UserDefaults.standard`).
        func declaresType(_ name: String, seenFrom owner: String?) -> Bool {
            guard let all = bySimple[simple(name)] else { return false }
            if name.contains(".") { return all.contains { $0.name == name || $0.name.hasSuffix("." + name) } || byName[name] != nil }
            return all.contains { declaration in
                guard let dot = declaration.name.lastIndex(of: ".") else { return true }
                let holder = String(declaration.name[..<dot])
                guard let owner else { return false }
                let holderSimple = simple(holder)
                // Inside the holder, its extensions, or a type nested in it (owners are qualified where declared,
                // an extension's by the name it extends).
                return owner == holder || owner.hasPrefix(holder + ".") || owner == holderSimple || owner.hasPrefix(holderSimple + ".")
                    || owner.contains("." + holderSimple + ".") || owner.hasSuffix("." + holderSimple)
            }
        }
        var modules: [String: String] = [:]
        for file in Set(model.types.map(\.file) + model.references.map(\.file) + model.members.map(\.file)) { modules[file] = moduleName(ofFile: file) }
        func moduleName(ofFile file: String) -> String { modules[file] ?? KataCore.moduleName(ofFile: file) }
        // A written type path (`NSEvent.ModifierFlags`, `Store.Key`, `MyApp.Engine`) names one type: the code's own
        // when a declaration of the code has that path (or the path is a module of the code's own in front of one),
        // known from then on by its simple name, like every type of the code's own; another's, kept whole, so that
        // a nested type of the platform's is never taken for a type of the code's own of the same simple name.
        let ownModules = Set(modules.values)
        func resolvedPath(_ name: String) -> String {
            guard name.contains("."), let all = bySimple[simple(name)] else { return name }
            let own = all.contains { declared in
                if declared.name == name || declared.name.hasSuffix("." + name) { return true }
                guard name.hasSuffix("." + declared.name) else { return false }
                return ownModules.contains(String(name.dropLast(declared.name.count + 1)))
            }
            return own ? simple(name) : name
        }
        if model.members.contains(where: { member in member.typeNames.contains { $0.contains(".") } || member.parameters.contains { $0.typeNames.contains { $0.contains(".") } } }) {
            for index in model.members.indices {
                model.members[index].typeNames = model.members[index].typeNames.map(resolvedPath)
                for p in model.members[index].parameters.indices {
                    model.members[index].parameters[p].typeNames = model.members[index].parameters[p].typeNames.map(resolvedPath)
                }
            }
        }
        func declaration(_ name: String, module: String? = nil) -> TypeDeclaration? {
            guard let all = bySimple[simple(name)] else { return byName[name] }
            if all.count > 1, let module, let same = all.first(where: { moduleName(ofFile: $0.file) == module && ($0.name == name || !name.contains(".")) }) { return same }
            return byName[name] ?? all.first
        }
        var inheritsBySimple: [String: [String]] = [:]
        for type in model.types { inheritsBySimple[type.simpleName, default: []] += type.inherits }
        func inherited(_ name: String) -> [String] { inheritsBySimple[simple(name)] ?? [] }
        let protocols = Set(declarations.filter { $0.kind == .protocol }.map(\.simpleName))
        let membersByOwner = Dictionary(grouping: model.members.filter { $0.owner != nil }, by: { simple($0.owner!) })
        // Asked for once per static member: a type with thousands of them (an icon table) is not scanned each time.
        /// The declared type names of each owner's stored instance properties not built in place, in order.
        let storedInstanceTypeNames = membersByOwner.mapValues { members in
            members.filter { $0.kind == .property && !$0.isStatic && !$0.isComputed && $0.initialValueCall == nil }.map(\.typeNames)
        }
        /// Owners with a stored instance `var`.
        let ownersWithInstanceVars = Set(membersByOwner.filter { $0.value.contains { $0.kind == .property && !$0.isStatic && $0.isMutable && !$0.isComputed } }.keys)
        let protocolsWithMethods = Set(protocols.filter { name in membersByOwner[name]?.contains { $0.kind == .method } == true })
        let protocolsWithRequirements = Set(protocols.filter { membersByOwner[$0]?.isEmpty == false })
        /// What a protocol of the code's own requires: its methods' and properties' names.
        func requirements(_ protocolName: String) -> Set<String> {
            guard protocols.contains(protocolName) else { return [] }
            return Set((membersByOwner[protocolName] ?? []).map(\.name))
        }

        /// Everything a type inherits, through the code's own superclasses and protocols.
        var ancestryCache: [String: Set<String>] = [:]
        func ancestry(_ name: String) -> Set<String> {
            let key = simple(name)
            if let cached = ancestryCache[key] { return cached }
            ancestryCache[key] = []
            var result: Set<String> = []
            for parent in inherited(key) {
                let parentSimple = simple(parent)
                result.insert(parentSimple)
                if simpleNames.contains(parentSimple) { result.formUnion(ancestry(parentSimple)) }
            }
            ancestryCache[key] = result
            return result
        }
        func hasSuffix(_ name: String, _ suffixes: [String]) -> Bool { suffixes.contains { name.hasSuffix($0) } }
        /// The type, or a type it inherits from or conforms to (an inherited `disposeBag`), declares a member of that
        /// name: inside the type, the bare name is that member, not a global of the same name.
        func declaresMember(_ owner: String, _ name: String) -> Bool {
            ([owner] + ancestry(owner)).contains { type in membersByOwner[type]?.contains { $0.name == name } == true }
        }
        var testDoubleCache: [String: Bool] = [:]
        func isTestDouble(_ name: String) -> Bool {
            if let cached = testDoubleCache[name] { return cached }
            let result = computeTestDouble(name)
            testDoubleCache[name] = result
            return result
        }
        func computeTestDouble(_ name: String) -> Bool {
            let simpleName = simple(name)
            return ["Mock", "Fake", "Stub", "Spy", "Dummy", "Preview", "Test"].contains { simpleName.hasPrefix($0) || simpleName.hasSuffix($0) || simpleName.hasSuffix($0 + "s") }
                || ancestry(simpleName).contains("PreviewProvider") || ancestry(simpleName).contains("XCTestCase")
        }
        // `static var live: Self { ... }`: a static getter that builds an instance of its own type defines an
        // implementation (a dependency library's live value, under any name). What it reaches for is chosen there,
        // at the edge, like a composition root. A stored preset (`static let preview = Self(date: Date())`) is not:
        // what it reads is read once, when it is first used, and stays a finding.
        func definesOwnInstance(_ reference: CodeReference) -> Bool {
            guard reference.context == .body, reference.memberIsStatic, let owner = reference.owner, let member = reference.member else { return false }
            return (membersByOwner[simple(owner)] ?? []).contains { declared in
                declared.name == member && declared.isStatic && declared.kind == .property && declared.isComputed && declared.declaredAsSelf
            }
        }
        // `Bundle.module` / `Bundle.main` by file and line: the argument of a read on that line or the next two.
        var bundleLines: [String: Set<Int>] = [:]
        for reference in model.references {
            if case .member(let base, let member) = reference.shape, base == "Bundle", member == "module" || member == "main" {
                bundleLines[reference.file, default: []].insert(reference.line)
            }
        }
        func readsBundleResource(_ reference: CodeReference) -> Bool {
            guard let lines = bundleLines[reference.file] else { return false }
            return (reference.line...(reference.line + 2)).contains { lines.contains($0) }
        }
        func isUserInterface(_ name: String) -> Bool {
            let parents = ancestry(name)
            return !parents.isDisjoint(with: Self.uiBases) || parents.contains("View") || name.hasSuffix("View") || name.hasSuffix("Node") || name.hasSuffix("Layer")
        }
        /// A reference that reaches the platform itself: its singletons, the clock, randomness, the
        /// environment, a process, the disk or the network.
        func reachesSystem(_ reference: CodeReference) -> Bool {
            switch reference.shape {
            case .member(let base, let member):
                if base.isEmpty { return true }
                let baseSimple = simple(base)
                if simpleNames.contains(baseSimple) { return false }
                if Self.systemGlobals.contains(base) { return true }
                if Self.ignoredMembers[baseSimple].map({ $0.isEmpty || $0.contains(member) }) == true { return false }
                return Self.systemState[baseSimple]?.contains(member) == true || Self.systemSingletons[baseSimple]?.contains(member) == true
                    || member == "random" && (reference.firstArgumentLabel != nil || reference.withoutArguments) || ((Self.anyTypeSingletonMembers.contains(member) || Self.clockMembers.contains(member)) && baseSimple.first?.isUppercase == true)
            case .construction(let type):
                let typeSimple = simple(type)
                if simpleNames.contains(typeSimple) { return false }
                if Self.systemFunctions.contains(type) || Self.systemServices.contains(typeSimple) { return true }
                if Self.readsTheSystemWhenMade.contains(typeSimple) && reference.withoutArguments { return true }
                return Self.readingTypes.contains(typeSimple) && reference.firstArgumentLabel.map { Self.readingLabels.contains($0) } == true
            case .name(let name):
                return Self.systemFunctions.contains(name) || Self.systemGlobals.contains(name)
            }
        }
        /// Types whose code has effects beyond itself: it reaches the platform, builds or reaches a type
        /// that does, or holds such a type or a protocol of the code's own with methods (an abstraction of
        /// one). Worked out from what the code does; a type's name plays no part.
        // Only what an instance does counts (its initializers, methods and computed properties): a static
        // preset or helper beside it (`static let preview = Self(date: Date())`) is not the object's behaviour.
        let storedProperties = model.members.filter { $0.kind == .property && !$0.isStatic && !$0.isComputed && $0.owner != nil }
        var reachingTheSystem: Set<String> = []
        // Only the code's own types: an extension that gives a platform type a member with effects (`String.exists`
        // asking the file system) makes no `String` anyone builds a collaborator; a call of that member is the effect.
        for reference in model.references where !reference.memberIsStatic && reference.context == .body {
            if let owner = reference.owner.map(simple), simpleNames.contains(owner), reachesSystem(reference) { reachingTheSystem.insert(owner) }
        }
        func effects(countingAbstractions: Bool) -> Set<String> {
            var effectful = reachingTheSystem
            for _ in 0..<8 {
                let before = effectful.count
                for reference in model.references where !reference.memberIsStatic && reference.context == .body {
                    guard let owner = reference.owner.map(simple), !effectful.contains(owner), simpleNames.contains(owner),
                          case .construction(let type) = reference.shape, effectful.contains(simple(type)) else { continue }
                    effectful.insert(owner)
                }
                for property in storedProperties where !effectful.contains(simple(property.owner!)) {
                    let owner = simple(property.owner!)
                    // Holding an object with effects (a class of the code's own, or one of the platform's services: a
                    // URLSession, a FileManager) or an abstraction of one. A value held is data, whatever it does.
                    // Written type or, with none written, the type its initial value builds (`let tool = Process()`).
                    let built = property.initialValueCall.map { [simple($0)] } ?? []
                    // Counting only a type's own effects, what it is handed is not its own: the effects of a handed
                    // object are chosen by whoever built it. What its initial value builds is its own choice.
                    let held = countingAbstractions ? property.typeNames + built : built
                    if held.contains(where: { name in
                        guard name != owner else { return false }
                        if protocolsWithMethods.contains(name) { return countingAbstractions }
                        if !countingAbstractions, simpleNames.contains(name) { return effectful.contains(name) }
                        if !simpleNames.contains(name) { return Self.systemSingletons[name] != nil || Self.systemServices.contains(name) }
                        return effectful.contains(name) && declaration(name).map { $0.kind == .class || $0.kind == .actor } == true
                    }) { effectful.insert(owner) }
                }
                if effectful.count == before { break }
            }
            return effectful
        }
        let effectful = effects(countingAbstractions: true)
        /// Types whose effects are their own: they reach the platform, or build a type that does (in a member or as
        /// a property's initial value). One whose only effects are those of what it is handed (an object or an
        /// abstraction) chooses nothing volatile when it is built: whoever built what it holds chose that.
        let volatile = effects(countingAbstractions: false)
        /// Types with effects when used, not only when built: their methods or computed properties reach the
        /// platform or build what does, or they keep a part built in place that has effects when used. A type whose
        /// only effect is in its initializer (options read from a file once) is data once built: holding one
        /// handed in makes nothing a collaborator.
        let usedVolatile: Set<String> = {
            var result: Set<String> = []
            for reference in model.references where !reference.memberIsStatic && reference.context == .body && reference.member != "init" {
                if let owner = reference.owner, reachesSystem(reference) { result.insert(simple(owner)) }
            }
            for _ in 0..<8 {
                let before = result.count
                for reference in model.references where !reference.memberIsStatic && reference.context == .body {
                    guard let owner = reference.owner.map(simple), !result.contains(owner), case .construction(let type) = reference.shape else { continue }
                    let built = simple(type)
                    if result.contains(built) || reference.member != "init" && volatile.contains(built) { result.insert(owner) }
                }
                for property in storedProperties where !result.contains(simple(property.owner!)) {
                    if let built = property.initialValueCall.map(simple), built != simple(property.owner!), result.contains(built) { result.insert(simple(property.owner!)) }
                }
                if result.count == before { break }
            }
            return result
        }()
        /// A service: a collaborator worth handing in, a *volatile* dependency. It has effects (see `effectful`)
        /// or holds a collaborator; a class is one too when it stands behind a protocol of the code's own (building
        /// it picks an implementation). A type with no effects and no collaborator (a formatter, an in-memory
        /// cache, a parser) is a stable dependency: built in place, it hides nothing a test would swap; shared
        /// by everyone, its `var` state still is shared state (see `holdsSharedState`). A struct or enum
        /// without effects is a value, whatever it conforms to. Data classes (stored, sent or thrown), the user
        /// interface and test doubles are not services.
        /// Is handed a collaborator: a stored property (not built in place) of a service, of one of the platform's, or
        /// of a protocol with methods that stands for one.
        func holdsCollaborator(_ name: String) -> Bool {
            (storedInstanceTypeNames[name] ?? []).contains { typeNames in
                typeNames.contains { held in
                    guard held != name else { return false }
                    // One of the platform's services (a URLSession, a FileManager) is a collaborator wherever it comes from.
                    if !simpleNames.contains(held) { return Self.systemSingletons[held] != nil || Self.systemServices.contains(held) }
                    return protocolsWithMethods.contains(held) && abstractsEffects(held) || isService(held) && !onlyEffectsWhenBuilt(held)
                }
            }
        }
        /// Protocols of the code's own that its code depends on. An `@objc` protocol that refines another (a
        /// scripting bridge's export protocol), has one implementation and is never named as a type by the code (a
        /// property, a parameter, a result, an annotation, a cast, a generic argument) is the bridge's interface, not a
        /// seam the code injects through: the system calls its implementation makes are findings, not an adapter's.
        let namedAsTypes: Set<String> = {
            var names: Set<String> = []
            for member in model.members {
                names.formUnion(member.typeNames.map(simple))
                names.formUnion(member.resultTypeNames.map(simple))
                for parameter in member.parameters { names.formUnion(parameter.typeNames.map(simple)) }
            }
            for mention in model.typeMentions { names.insert(simple(mention.name)) }
            return names
        }()
        let objcLines = Set(model.attributes.filter { $0.name == "objc" }.map { "\($0.file):\($0.line)" })
        func isSeam(_ protocolName: String) -> Bool {
            guard let declared = declaration(protocolName), declared.kind == .protocol, !inherited(protocolName).isEmpty,
                  objcLines.contains("\(declared.file):\(declared.line)") || objcLines.contains("\(declared.file):\(declared.line - 1)") else { return true }
            return namedAsTypes.contains(protocolName) || (conformers[protocolName]?.count ?? 0) >= 2
        }
        func seamRequirements(_ protocolName: String) -> Set<String> { isSeam(protocolName) ? requirements(protocolName) : [] }
        /// A type whose effects are all in its initializer and that keeps no collaborator: handed in, it is data.
        func onlyEffectsWhenBuilt(_ name: String) -> Bool {
            volatile.contains(name) && !usedVolatile.contains(name) && !holdsCollaborator(name)
        }
        /// The types of the code's own that conform to each protocol, directly or through a parent.
        let conformers: [String: [String]] = {
            var result: [String: [String]] = [:]
            for type in declarations where type.kind != .protocol {
                for parent in ancestry(type.simpleName) where protocols.contains(parent) { result[parent, default: []].append(type.simpleName) }
            }
            return result
        }()
        /// A protocol stands for a collaborator when what stands behind it may be one: an implementation of the
        /// code's own has effects (it reaches the platform or builds what does) or is a class (an object picked
        /// among others, see `computeService`), or none is written here (it comes from outside: a delegate, a
        /// user's). A protocol only values without effects implement (a row's storage strategies, a formatter's
        /// styles) is a stable part: holding one is holding data.
        func abstractsEffects(_ protocolName: String) -> Bool {
            if collaborators.contains(protocolName) { return true }
            guard let implementations = conformers[protocolName], !implementations.isEmpty else { return true }
            return implementations.contains { name in
                volatile.contains(name) || collaborators.contains(name) || declaration(name).map { $0.kind == .class || $0.kind == .actor } == true
            }
        }
        /// A factory: a type with no state that does nothing but build and hand out, every method of it declared
        /// to return a type or protocol of the code's own. It wires objects together, like a composition root.
        var factoryCache: [String: Bool] = [:]
        func isFactoryType(_ name: String) -> Bool {
            if let cached = factoryCache[name] { return cached }
            let members = membersByOwner[name] ?? []
            let methods = members.filter { $0.kind == .method }
            // No state of its own: a type that keeps data (a screen's list) and builds is not a factory. What it
            // hands out are collaborators (services, or protocols of the code's own), not values.
            let stateless = !members.contains { $0.kind == .property && !$0.isStatic && !$0.isComputed }
            let result = stateless && !methods.isEmpty && methods.allSatisfy { method in
                method.resultTypeNames.contains { result in
                    let type = simple(result)
                    guard type != name else { return false }
                    if protocols.contains(type) { return true }
                    return declaration(type).map { $0.kind == .class || $0.kind == .actor } == true && isService(type)
                }
            }
            factoryCache[name] = result
            return result
        }
        var serviceCache: [String: Bool] = [:]
        func isService(_ name: String, module: String? = nil) -> Bool {
            guard let type = declaration(name, module: module) else { return false }
            if let cached = serviceCache[type.name] { return cached }
            serviceCache[type.name] = false  // a cycle of types holding each other ends here
            let result = computeService(type)
            serviceCache[type.name] = result
            return result
        }
        func computeService(_ type: TypeDeclaration) -> Bool {
            let name = type.simpleName
            let parents = ancestry(name)
            if collaborators.contains(name) || !parents.isDisjoint(with: collaborators) { return true }
            if isTestDouble(name) { return false }
            if isUserInterface(name) || !parents.isDisjoint(with: Self.uiConformances) { return false }
            let effects = volatile.contains(name)
            // A type that holds a collaborator is one itself.
            let holds = holdsCollaborator(name)
            switch type.kind {
            case .class, .actor:
                if !parents.isDisjoint(with: Self.dataConformances) && !effects { return false }
                // A class with no effects and no collaborator (an in-memory cache, a decoder, a lock wrapper) is a
                // stable dependency: built in place, it hides nothing a test would swap.
                return effects || holds || !parents.isDisjoint(with: protocolsWithRequirements)
            case .struct, .enum:
                // A value's own effects are findings where they happen; building the value adds none. It is a
                // collaborator when it has effects of its own (it reaches the platform, or builds or holds a concrete
                // part that does) and is handed a collaborator or stands behind a protocol with methods. A value that
                // carries what it was handed (a context holding a row, a query holding its database) is data: its
                // parts are judged where they are built.
                return volatile.contains(name) && (holds || !parents.isDisjoint(with: protocolsWithMethods))
            default:
                return false
            }
        }

        /// A name against a pattern split at its stars (`*.live` is `["", ".live"]`).
        func matchesParts(_ parts: [String], _ value: String) -> Bool {
            var rest = Substring(value)
            for (index, part) in parts.enumerated() {
                if index == 0 { guard rest.hasPrefix(part) else { return false }; rest = rest.dropFirst(part.count); continue }
                if index == parts.count - 1 { return part.isEmpty || rest.hasSuffix(part) }
                guard let found = rest.range(of: part) else { return false }
                rest = rest[found.upperBound...]
            }
            return rest.isEmpty
        }
        let allRoots = roots.union(["*.liveValue", "*.live", "*AppDelegate", "*SceneDelegate"])
        /// Where a dependency library's live implementations are written (`ApiClientLive`, `LiveKey.swift`): the edge, on purpose.
        var liveCache: [String: Bool] = [:]
        func isLiveImplementation(_ file: String) -> Bool {
            if let cached = liveCache[file] { return cached }
            let result = computeLive(file)
            liveCache[file] = result
            return result
        }
        func computeLive(_ file: String) -> Bool {
            let base = file.split(separator: "/").last.map(String.init) ?? file
            let module = moduleName(ofFile: file)
            return module.hasSuffix("Live") || module.hasSuffix("Bootstrap") || base.hasPrefix("Live") || base.contains("LiveKey") || base.contains("Bootstrap")
        }
        /// A static member that holds a test or preview value of its own type (`static let mock = APIClient(...)`,
        /// `static var previewValue: Self { ... }`, `static let noop = Self()`): an instance made for tests or previews,
        /// named so. What makes it one is both: a member of that name holding anything else (`static var previewKey:
        /// Key? { Sauce.shared.key(...) }`) is the type's own code, and judged like it.
        func isTestValue(_ reference: CodeReference) -> Bool {
            guard reference.memberIsStatic, let owner = reference.owner, let member = reference.member else { return false }
            let lowered = member.lowercased()
            guard ["mock", "preview", "test", "fake", "stub", "noop", "unimplemented", "failing", "sample", "fixture"].contains(where: { lowered.hasPrefix($0) }) else { return false }
            let type = simple(owner)
            return (membersByOwner[type] ?? []).contains { declared in
                guard declared.name == member, declared.isStatic, declared.kind == .property else { return false }
                if declared.declaredAsSelf { return true }
                if let path = declared.declaredTypePath { return simple(path) == type }
                guard let call = declared.initialValueCall else { return false }
                return call == "Self" || call == "Self.init" || call == ".init" || simple(call) == type || simple(call) == type + ".init"
            }
        }
        // Each pattern split at its stars once (nil: no star, the name itself).
        let rootPatterns: [(pattern: String, parts: [String]?)] = allRoots.map { pattern in
            (pattern, pattern.contains("*") ? pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init) : nil)
        }
        func isRoot(_ name: String) -> Bool { rootPatterns.contains { $0.parts.map { parts in matchesParts(parts, name) } ?? ($0.pattern == name) } }
        var rootCache: [String: Bool] = [:]
        var ownerRootCache: [String: Bool] = [:]
        func isCompositionRoot(_ owner: String?, member: String? = nil) -> Bool {
            guard let owner else { return member.map { isRoot($0) } ?? false }
            let key = owner + "|" + (member ?? "")
            if let cached = rootCache[key] { return cached }
            let name = simple(owner)
            var result = isOwnerRoot(owner)
            if !result, let member { result = isRoot("\(name).\(member)") || isRoot("\(owner).\(member)") }
            rootCache[key] = result
            return result
        }
        /// What makes a type a composition root whatever the member: the same for all its members.
        func isOwnerRoot(_ owner: String) -> Bool {
            if let cached = ownerRootCache[owner] { return cached }
            let name = simple(owner)
            var result = isRoot(name) || isRoot(owner)
            // What the framework itself creates and starts: the app, its delegates, a widget bundle or widget.
            if !result { result = declaration(owner)?.isEntryPoint == true || !ancestry(name).isDisjoint(with: Self.frameworkEntryPoints) }
            // A command-line tool's command is its entry point: it wires the tool's objects from the arguments.
            // (swift-argument-parser's commands; a `Command` with `execute()` and a command-line name and
            // description of its own or its parents', as SwiftCLI's. An undoable command object has no such text.)
            if !result {
                let parents = ancestry(name)
                let family = [name] + parents.filter { simpleNames.contains($0) }
                let members = family.flatMap { membersByOwner[$0] ?? [] }
                result = parents.contains("ParsableCommand") || parents.contains("AsyncParsableCommand")
                    || (parents.contains("Command") && members.contains { $0.kind == .method && $0.name == "execute" }
                        && members.contains { $0.kind == .property && $0.name == "shortDescription" })
            }
            if !result { result = name.contains("CompositionRoot") || name.hasSuffix("Container") || name.hasSuffix("Assembly") || name == "AppRoot" || name.hasSuffix("DependencyGraph") }
            ownerRootCache[owner] = result
            return result
        }
        /// A class whose instances keep `var` state: one shared instance is shared mutable state.
        func holdsSharedState(_ name: String) -> Bool {
            guard let type = declaration(name), type.kind == .class || type.kind == .actor, !isTestDouble(name) else { return false }
            return ownersWithInstanceVars.contains(type.simpleName)
        }
        let staticSingletons: Set<String> = Set(model.members.filter { member in
            guard member.kind == .property, member.isStatic, let owner = member.owner else { return false }
            let own = simple(owner)
            let value = member.initialValueCall.map(simple)
            let holdsOwn = member.typeNames.first == own || value == own || value == "Self"
            // A shared instance of an object with no state, no effects and no collaborator (a stateless calculator
            // in a static table) is a constant: every caller gets the same answers from it, whatever it conforms to.
            func isConstant(_ type: String) -> Bool {
                !holdsSharedState(type) && !effectful.contains(type) && !holdsCollaborator(type)
            }
            let held = member.typeNames.first.map(simple) ?? value
            let holdsService = (member.typeNames.first.map { isService($0) } ?? false) || (value.map { $0 != own && isService($0) } ?? false)
            let isClass = declaration(own).map { $0.kind == .class || $0.kind == .actor } ?? false
            if let held, held != "Self", isConstant(held), !(held == own && Self.anyTypeSingletonMembers.contains(member.name)) { return false }
            // One instance for everyone: a service, or an object that keeps `var` state (shared mutable state).
            return (holdsOwn && (isService(own) || holdsSharedState(own) || (isClass && Self.anyTypeSingletonMembers.contains(member.name)))) || holdsService
                || (held.map { $0 != own && holdsSharedState($0) } ?? false)
        }.map { "\(simple($0.owner!)).\($0.name)" })
        // A variable whose address is all the code ever uses (`objc_getAssociatedObject(self, &key)`) is an identity, not state.
        var addressOnly: [String: Bool] = [:]
        for reference in model.references {
            switch reference.shape {
            case .name(let name): addressOnly[name] = (addressOnly[name] ?? true) && reference.addressTaken
            case .member(let base, let member) where !base.isEmpty:
                // `&Self.key` is the type's own `key`.
                let key = base == "Self" ? "\(reference.owner.map(simple) ?? base).\(member)" : "\(simple(base)).\(member)"
                addressOnly[key] = (addressOnly[key] ?? true) && reference.addressTaken
            default: break
            }
        }
        // A stored static or global `var` that no code writes (no assignment, no subscript or property of it set, no
        // `inout`, no method called on it that may mutate it) holds the value it was declared with: a constant by what
        // the code does, read as a `let` (a SwiftUI key's `static var defaultValue = 0`, a configuration's
        // `static var default = Config(...)` only ever read). One that is written anywhere stays shared state.
        let constantVariables: Set<String> = {
            /// Whether a variable holds plain values: a literal, or every type named in its declaration (or the one its
            /// first value builds) is a struct or an enum of the code's own with no effects and no collaborator, or one
            /// of the standard library's values. An object (a class, a type kata does not know as a value) is shared by
            /// everyone who reads the variable, whether or not the variable is ever set again.
            func holdsValues(_ member: MemberDeclaration) -> Bool {
                if member.initialValueIsLiteral { return true }
                let names = member.typeNames.isEmpty ? member.initialValueCall.map { [simple($0)] } ?? [] : member.typeNames.map(simple)
                return !names.isEmpty && names.allSatisfy { name in
                    if let declared = declaration(name) {
                        return (declared.kind == .struct || declared.kind == .enum) && !effectful.contains(name) && !holdsCollaborator(name)
                    }
                    return TokenTools.valueTypeNames.contains(name)
                }
            }
            // Who writes which name is known from the text alone: `T.x` (by the type's simple name), `Self.x` or
            // `self.x` (some type's own), a bare `x` (a local, a global, or a type's own static). Any that could be
            // this variable counts.
            var byName: [String: Set<String>] = [:]
            for entry in model.writtenVariables {
                let parts = entry.split(separator: "|", omittingEmptySubsequences: false)
                guard parts.count == 2 else { continue }
                byName[String(parts[1]), default: []].insert(parts[0].isEmpty ? "" : simple(String(parts[0])))
            }
            var constants: Set<String> = []
            for member in model.members {
                // One that code outside the module may set (`public static var`) is a setting its users write; a property
                // wrapper (`@TaskLocal`, `@AppStorage`) is written through its projection or its storage: left as declared.
                guard member.kind == .property, member.isStatic, member.isMutable, !member.isComputed, !member.isSettableOutside,
                      member.attributes.allSatisfy({ $0.first?.isUppercase != true || $0 == "MainActor" }),
                      holdsValues(member) else { continue }
                let writers = byName[member.name] ?? []
                if let owner = member.owner {
                    if !writers.contains(simple(owner)) && !writers.contains("Self") && !writers.contains("") { constants.insert("\(simple(owner)).\(member.name)") }
                } else if writers.isEmpty {
                    constants.insert(member.name)
                }
            }
            return constants
        }()
        let staticVariables = Set(model.members.filter { $0.kind == .property && $0.isStatic && $0.isMutable && !$0.isComputed && $0.owner != nil }
            .map { "\(simple($0.owner!)).\($0.name)" }).filter { addressOnly[$0] != true && !constantVariables.contains($0) }
        // A static method of a type that keeps mutable static state (a service
        // locator's `resolve`, a registry's `register`) reaches that state too.
        let staticStateByType = Dictionary(grouping: model.members.filter { $0.kind == .property && $0.isStatic && $0.isMutable && !$0.isComputed
                && $0.owner != nil && !constantVariables.contains("\(simple($0.owner!)).\($0.name)") }, by: { simple($0.owner!) }).mapValues { Set($0.map(\.name)) }
        // Only the static methods whose own code touches that state: a pure static function beside it is not shared state.
        var touchesStaticState: Set<String> = []
        for reference in model.references {
            guard reference.memberIsStatic, let owner = reference.owner.map(simple), let state = staticStateByType[owner], let member = reference.member else { continue }
            switch reference.shape {
            case .name(let name): if state.contains(name) { touchesStaticState.insert("\(owner).\(member)") }
            case .member(let base, let field): if (base == "Self" || simple(base) == owner) && state.contains(field) { touchesStaticState.insert("\(owner).\(member)") }
            case .construction: break
            }
        }
        // A static method that calls another one that touches the state touches it too.
        for _ in 0..<6 {
            let before = touchesStaticState.count
            for reference in model.references {
                guard reference.memberIsStatic, let owner = reference.owner.map(simple), staticStateByType[owner] != nil, let member = reference.member,
                      !touchesStaticState.contains("\(owner).\(member)") else { continue }
                let called: String?
                switch reference.shape {
                case .name(let name): called = name
                case .member(let base, let field): called = base == "Self" || simple(base) == owner ? field : nil
                case .construction: called = nil
                }
                if let called, touchesStaticState.contains("\(owner).\(called)") { touchesStaticState.insert("\(owner).\(member)") }
            }
            if touchesStaticState.count == before { break }
        }
        // Globals by the modules that declare them: a name in another module is not one of them unless the file imports it.
        var globalModules: [String: Set<String>] = [:]
        for member in model.members where member.kind == .property && member.owner == nil && member.isMutable && !member.isComputed
            && !constantVariables.contains(member.name) {
            globalModules[member.name, default: []].insert(packageModule(ofFile: member.file) ?? "")
        }
        let globalVariables = Set(globalModules.keys).filter { addressOnly[$0] != true }
        var importsByFile: [String: Set<String>] = [:]
        for item in model.imports { importsByFile[item.file, default: []].insert(item.module) }
        /// The package module (the folder after `Sources/`) a file is in; nil outside a package's layout.
        func packageModule(ofFile file: String) -> String? {
            let parts = file.split(separator: "/")
            guard let sources = parts.lastIndex(where: { $0 == "Sources" }), sources + 2 < parts.count else { return nil }
            return String(parts[sources + 1])
        }
        func seesGlobal(_ name: String, from file: String, in declared: [String: Set<String>]? = nil) -> Bool {
            guard let modules = (declared ?? globalModules)[name] else { return false }
            // Outside a package's layout there are no module boundaries to go by.
            guard let module = packageModule(ofFile: file), !modules.contains("") else { return true }
            return modules.contains(module) || !modules.isDisjoint(with: importsByFile[file] ?? [])
        }
        let staticMethods = Set(model.members.filter { $0.kind == .method && $0.isStatic && $0.owner != nil }.map { "\(simple($0.owner!)).\($0.name)" })
        /// Who reads which name for its value, by base (`T`, `Self`, or "" for a bare name).
        var readByName: [String: Set<String>] = [:]
        for entry in model.readVariables {
            let parts = entry.split(separator: "|", omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            readByName[String(parts[1]), default: []].insert(parts[0].isEmpty ? "" : simple(String(parts[0])))
        }
        let memberNames = Set(model.members.compactMap { $0.owner == nil ? nil : "\(simple($0.owner!)).\($0.name)" })

        /// What a reference reaches for, if it is hidden: kind, target, the type behind it.
        // Types the code writes through a subscript of the type itself (`Defaults[.key] = value`): a static subscript
        // with a setter, a store everyone shares, whoever declared it.
        let subscriptStores = Set(model.references.compactMap { reference -> String? in
            if case .member(let base, "subscript") = reference.shape, reference.writes { return simple(base) }
            return nil
        })
        /// The code's own methods by name and first argument label (`write|to`), for calls a platform API shares a name with.
        let ownMethodLabels = Set(model.members.filter { $0.kind == .method }.map { "\($0.name)|\($0.parameters.first?.label ?? "")" })
        /// The type a static member holds (`static let snapping = BoolDefault(...)` in `Defaults` holds a `BoolDefault`):
        /// what a type that reads it takes instead. The owner itself when the member holds its own type or says nothing.
        func heldType(_ owner: String, _ member: String) -> String {
            guard let declared = (membersByOwner[owner] ?? []).first(where: { $0.name == member && $0.isStatic && $0.kind == .property }) else { return owner }
            let held = declared.typeNames.first.map(simple) ?? declared.initialValueCall.map(simple)
            guard let held, held != "Self", held != owner, held.first?.isUppercase == true else { return owner }
            return held
        }
        func classify(_ reference: CodeReference, atRoot: Bool = false) -> (HiddenDependency.Kind, String, String?)? {
            let ownerSimple = reference.owner.map(simple)
            let module = moduleName(ofFile: reference.file)
            switch reference.shape {
            case .member(let base, let member):
                if base.isEmpty {
                    // A delay on a platform queue (the readers place it at the call's name).
                    if TokenTools.scheduledWaitCalls.contains(member) { return (.globalState, "DispatchQueue.\(member)", nil) }
                    // The disk, asked or written through a value (`data.write(to:)`); a method of the code's own of that
                    // name and first label is the one called, judged in its own body.
                    if let labels = TokenTools.fileSystemCalls[member] {
                        let label = reference.firstArgumentLabel ?? (labels.contains("_") ? "_" : "")
                        if ownMethodLabels.contains("\(member)|\(label)") { return nil }
                        return (.globalState, labels.isEmpty ? ".\(member)()" : ".\(member)(\(label):)", nil)
                    }
                    return (.globalState, ".\(member)()", nil)
                }
                let baseSimple = simple(base)
                // An instance reaching its own type's static state (`Self.cache`, `Counter.count` in a method of Counter)
                // shares it with every other instance: state shared by everyone, where it is read. (The type's static
                // members are where that state is kept; their callers are the findings, see `touchesStaticState`.)
                // (One the code only ever writes, a counter kept for a test or a debugger, changes nothing an instance does.)
                if baseSimple == ownerSimple || base == "Self", let ownerSimple, !reference.memberIsStatic, reference.context == .body,
                   staticVariables.contains("\(ownerSimple).\(member)"), readByName[member].map({ !$0.isDisjoint(with: [ownerSimple, "Self", ""]) }) == true {
                    return (.globalState, "\(ownerSimple).\(member)", nil)
                }
                if baseSimple == ownerSimple || base == "Self" { return nil }
                if member == "subscript" { return subscriptStores.contains(baseSimple) ? (.globalState, "\(base)[...]", nil) : nil }
                if Self.systemGlobals.contains(base) { return (.singleton, base, nil) }
                if Self.ignoredMembers[baseSimple].map({ $0.isEmpty || $0.contains(member) }) == true { return nil }
                let own = declaresType(base, seenFrom: reference.owner)
                if !own {
                    if Self.systemState[baseSimple]?.contains(member) == true { return (.globalState, "\(base).\(member)", nil) }
                    // A platform type's member set (`NSAppearance.current = saved`): state the whole process shares, changed.
                    if reference.writes, member != "subscript", baseSimple.first?.isUppercase == true { return (.globalState, "\(base).\(member)", nil) }
                    if Self.systemSingletons[baseSimple]?.contains(member) == true { return (.singleton, "\(base).\(member)", nil) }
                    // The random source is asked by a call (`Int.random(in:)`, `Bool.random()`); a `random` read as a
                    // value (`ItemSortBy.random`, a library's enum case) is that value.
                    if member == "random", reference.firstArgumentLabel != nil || reference.withoutArguments { return (.globalState, "\(base).\(member)", nil) }
                    // A library type's `now` is its clock read, whatever the library (`ContinuousClock.now`,
                    // `NIODeadline.now()`, `DispatchTime.now()`): the current time, asked of no one handed in.
                    if Self.clockMembers.contains(member) && baseSimple.first?.isUppercase == true { return (.globalState, "\(base).\(member)", nil) }
                    if Self.anyTypeSingletonMembers.contains(member) && baseSimple.first?.isUppercase == true { return (.singleton, "\(base).\(member)", nil) }
                    // A library type's one instance by the platform's names for it (`WCSession.default`,
                    // `Thread.current`), used as an object: asked for something, not compared or kept as a value.
                    if Self.libraryInstanceMembers.contains(member) && reference.usedAsReceiver && !base.contains(".")
                        && baseSimple.first?.isUppercase == true && !TokenTools.valueTypeNames.contains(baseSimple) {
                        return (member == "current" ? .globalState : .singleton, "\(base).\(member)", nil)
                    }
                    return nil
                }
                if staticSingletons.contains("\(baseSimple).\(member)") || (Self.singletonMembers.contains(member) && isService(baseSimple, module: module) && !memberNames.contains("\(baseSimple).\(member)") ) {
                    return (member == "current" ? .globalState : .singleton, "\(base).\(member)", heldType(baseSimple, member))
                }
                if Self.anyTypeSingletonMembers.contains(member) && !staticMethods.contains("\(baseSimple).\(member)") && isService(baseSimple, module: module) {
                    return (.singleton, "\(base).\(member)", baseSimple)
                }
                // A type of the code's own: its `random` is its own member (a case, a preset), judged where it is declared.
                if staticVariables.contains("\(baseSimple).\(member)") { return (.globalState, "\(base).\(member)", baseSimple) }
                if touchesStaticState.contains("\(baseSimple).\(member)"), staticMethods.contains("\(baseSimple).\(member)") { return (.globalState, "\(base).\(member)", baseSimple) }
                return nil
            case .construction(let type):
                let typeSimple = simple(type)
                if typeSimple == ownerSimple || type == "Self" { return nil }
                // A default argument or a convenience initializer that builds a fresh object is the
                // injection point, not a hidden dependency; so is a static factory method that builds objects.
                // A read of the clock or of randomness (`Date()`, `UUID()`) in a static member is a read all the same.
                // So is a reading of the disk or the network (`Data(contentsOf:)`).
                let readsTheSystem = Self.systemFunctions.contains(type) || Self.readsTheSystemWhenMade.contains(typeSimple) && reference.withoutArguments
                    || Self.readingTypes.contains(typeSimple) && reference.firstArgumentLabel.map { Self.readingLabels.contains($0) } == true
                if !atRoot {
                    if reference.context == .defaultArgument || reference.inConvenienceInit { return nil }
                    // A static method that builds an object with effects of its own to use it, not to hand it out (it
                    // declares another result: `static func popen(...) -> Result` launching a process), reaches those
                    // effects itself: a finding there, and for its callers (see `impureStatics`).
                    let usesWhatItBuilds = volatile.contains(typeSimple) && !reference.handedOn && reference.member.map { member in
                        let declared = (membersByOwner[ownerSimple ?? ""] ?? []).filter { $0.name == member && $0.kind == .method && $0.isStatic }
                        return !declared.isEmpty && declared.allSatisfy { method in !method.resultTypeNames.contains { simple($0) == typeSimple } }
                    } == true
                    if reference.memberIsStatic && reference.context == .body && !Self.systemServices.contains(typeSimple) && !readsTheSystem && !usesWhatItBuilds { return nil }
                }
                if Self.systemFunctions.contains(type) { return (.globalState, "\(type)()", nil) }
                if !declaresType(type, seenFrom: reference.owner) {
                    if Self.readsTheSystemWhenMade.contains(typeSimple) && reference.withoutArguments { return (.globalState, "\(typeSimple)()", nil) }
                    if Self.systemServices.contains(typeSimple) { return (.construction, "\(typeSimple)()", nil) }
                    if Self.readingTypes.contains(typeSimple), let label = reference.firstArgumentLabel, Self.readingLabels.contains(label) {
                        // Reading a resource of the program's own bundle loads part of the program, not outside data.
                        if readsBundleResource(reference) { return nil }
                        return (.globalState, "\(typeSimple)(\(label):)", nil)
                    }
                    return nil
                }
                // A default argument that builds a fresh object is the injection point, not a hidden dependency;
                // a static property that builds one is where a shared instance is defined (its uses are the findings).
                // So does a global stored property (`let api = APIClient()`): it defines a shared instance too.
                if !atRoot && reference.context == .initialValue && (reference.memberIsStatic || reference.owner == nil) { return nil }
                // A helper declared inside the type that builds it (or inside the same outer type) is part of that
                // type. A type nested in another one's namespace (`Vault.Locker` built by a `Teller`) is not.
                func outermost(_ name: String) -> Substring? { name.split(whereSeparator: { $0 == "." || $0 == NestedNames.mark }).first }
                if !atRoot, let built = declaration(type, module: module), built.name.contains(".") || built.name.contains(NestedNames.mark),
                   reference.owner.map({ outermost($0) == outermost(built.name) }) ?? true { return nil }
                // A helper built for the moment: a type with no effects and no collaborator of its own (a builder,
                // a calculator, a parser) whose object lives only in a local or for one call is a tool used there
                // and dropped. Kept in a property, assigned, returned or handed on, it is a collaborator.
                if !atRoot, reference.isTemporary, reference.context == .body, let built = declaration(type, module: module),
                   !effectful.contains(built.simpleName), !holdsCollaborator(built.simpleName) {
                    return nil
                }
                // A method that builds the very type it is declared to return (`func redirect() -> Response`,
                // `-> EventLoopFuture<Response>`) makes its product: the object is its output, not a collaborator it
                // uses, and the signature says what the caller gets. Declared as a protocol or a superclass
                // (`-> any Feed` building `RemoteFeed`), the body hides a choice of implementation: that stays a
                // finding. What the product is built from stays under judgment either way; a type declared a
                // collaborator (a lesson's rules) stays a finding wherever it is built.
                if !atRoot, reference.context == .body, let ownerSimple, let member = reference.member,
                   let built = declaration(type, module: module),
                   !collaborators.contains(built.simpleName), ancestry(built.simpleName).isDisjoint(with: collaborators) {
                    let methods = (membersByOwner[ownerSimple] ?? []).filter { $0.name == member && $0.kind == .method }
                    // Overloads of one name may make different products (`open` a reading or a writing handle):
                    // each declares what it returns, and one that declares the built type makes it.
                    if !methods.isEmpty, methods.allSatisfy({ method in method.resultTypeNames.contains { simple($0) == built.simpleName } })
                        || methods.count > 1 && methods.contains(where: { method in method.resultTypeNames.contains { simple($0) == built.simpleName } })
                        && methods.allSatisfy({ method in !method.resultTypeNames.contains { protocols.contains(simple($0)) } }) {
                        return nil
                    }
                }
                // A fallback for a collaborator the member is handed as an optional (`delegate ?? DefaultDelegate()`)
                // is that parameter's default, written in the body: the injection point, as a default argument is.
                if !atRoot, let handed = reference.fallbackOf, let ownerSimple, let member = reference.member,
                   (membersByOwner[ownerSimple] ?? []).contains(where: { $0.name == member && $0.parameters.contains { $0.name == handed } }) {
                    return nil
                }
                // A construction that only packages what the code was handed (its parameters, its own stored
                // properties, itself, literals) makes no hidden choice: every part of it came from outside. So does
                // one built from each element a closure or a loop walks (`protos.map { FileDescriptor(proto: $0) }`):
                // one object per element of the input is that data in another shape (a tree's nodes, a generator
                // per declaration), not a collaborator picked for the owner. A type with effects of its own (a network
                // client made for each server a closure is handed) stays a finding: each one reaches the world.
                if !atRoot, let roots = reference.handedArguments, let ownerSimple, let member = reference.member {
                    let parameters = Set((membersByOwner[ownerSimple] ?? []).filter { $0.name == member }.flatMap { $0.parameters.map(\.name) })
                    let stored = Set((membersByOwner[ownerSimple] ?? []).filter { $0.kind == .property && !$0.isStatic }.map(\.name))
                    if roots.allSatisfy({ $0 == "self" || parameters.contains($0) || stored.contains($0) }) { return nil }
                    // Per element, the other parts may be locals: each is judged where it is built.
                    if roots.contains(where: { $0.hasPrefix("$") }), !volatile.contains(typeSimple) { return nil }
                }
                // A private type with no effects of its own (a library's inner observer, an operator's product, a
                // lock or a buffer) is a part of its file's code: nothing outside the file could build or replace it,
                // and it reaches nothing a test would swap. A type declared a collaborator stays a finding.
                if !atRoot, let built = declaration(type, module: module), built.isPrivate, !volatile.contains(built.simpleName),
                   !collaborators.contains(built.simpleName), ancestry(built.simpleName).isDisjoint(with: collaborators) { return nil }
                if isService(type, module: module) { return (.construction, "\(type)()", typeSimple) }
                return nil
            case .name(let name):
                if Self.systemFunctions.contains(name), !(ownerSimple.flatMap { membersByOwner[$0] }?.contains { $0.name == name } ?? false) {
                    // A call of the platform's clock, randomness or environment.
                    return (.globalState, "\(name)()", nil)
                }
                if Self.systemGlobals.contains(name) { return (.singleton, name, nil) }
                guard reference.owner != nil || reference.context != .topLevel, globalVariables.contains(name), seesGlobal(name, from: reference.file) else { return nil }
                if let ownerSimple, declaresMember(ownerSimple, name) { return nil }
                return (.globalState, name, nil)
            }
        }

        /// Where the injection goes, for the suggestion: a static member or a free function has no initializer to
        /// take it; an object built in a method from what that call was given needs a factory, not one instance.
        let freeFunctions = Set(model.members.filter { $0.owner == nil && $0.kind == .method }.map(\.name))
        func suggestionPlace(_ reference: CodeReference, ownerSimple: String?) -> SuggestionPlace {
            guard let member = reference.member, reference.context == .body else { return .initializer }
            // Only a function can take a parameter: a static method or a free function (not a static property, a
            // global constant, or an override whose signature is fixed).
            let isMethod = ownerSimple.map { owner in (membersByOwner[owner] ?? []).contains { $0.name == member && $0.kind == .method } }
                ?? freeFunctions.contains(member)
            if reference.owner == nil || reference.memberIsStatic {
                if isMethod { return .function(member) }
                return reference.owner == nil ? .initializer : .property(member)
            }
            // An extension of a type the code does not declare (`extension NSScreen`, `extension View`): no initializer
            // of the code's own to take anything; its method takes it, or its property becomes one.
            if let ownerSimple, declaration(ownerSimple, module: moduleName(ofFile: reference.file)) == nil {
                return isMethod ? .function(member) : .property(member)
            }
            // An enum's property: a case carries its values, never a collaborator handed to it.
            if !isMethod, let ownerSimple, declaration(ownerSimple, module: moduleName(ofFile: reference.file))?.kind == .enum { return .property(member) }
            // An object made per call: only in a method (what an initializer builds, it builds once).
            // A reading of the disk or the network (`String(contentsOfFile:)`) is a reading to hand in, not an object.
            if case .construction(let type) = reference.shape, isMethod, let roots = reference.handedArguments, let ownerSimple,
               !Self.readingTypes.contains(simple(type)), !Self.systemFunctions.contains(type) {
                let stored = Set((membersByOwner[ownerSimple] ?? []).filter { $0.kind == .property && !$0.isStatic }.map(\.name))
                if roots.contains(where: { $0 != "self" && !stored.contains($0) }) { return .factory }
            }
            return .initializer
        }

        // Globals that hold a singleton or a service (`let api = APIClient()`, `let AF = Session.default`):
        // reaching for one is reaching for the singleton.
        var globalSingletons: [String: String] = [:]
        /// The type of the object a global holds, when it is one of the code's own: the suggestion names it.
        var globalSingletonTypes: [String: String] = [:]
        // The modules that declare each global: one in another module is seen only by a file that imports it.
        var singletonModules: [String: Set<String>] = [:]
        for member in model.members where member.kind == .property && member.owner == nil {
            singletonModules[member.name, default: []].insert(packageModule(ofFile: member.file) ?? "")
        }
        for member in model.members where member.kind == .property && member.owner == nil && !member.isComputed {
            if let call = member.initialValueCall, simpleNames.contains(simple(call)), isService(call) || holdsSharedState(call) {
                globalSingletons[member.name] = "\(simple(call))()"
                globalSingletonTypes[member.name] = simple(call)
            }
        }
        // In a `main.swift` a global's first value is top-level code too (`let prefs = UserDefaults.standard`): it is
        // still a global that holds the singleton, for every file that reads it.
        let globalNames = Set(model.members.filter { $0.kind == .property && $0.owner == nil }.map(\.name))
        for reference in model.references where reference.owner == nil
            && (reference.context == .initialValue || reference.context == .topLevel && reference.member.map { globalNames.contains($0) } == true) {
            if let member = reference.member, let (kind, target, type) = classify(reference), kind == .singleton {
                globalSingletons[member] = target
                if let type { globalSingletonTypes[member] = type }
            }
        }

        let globalTypes = Dictionary(model.members.filter { $0.kind == .property && $0.owner == nil && !$0.typeNames.isEmpty }
            .map { ($0.name, $0.typeNames) }, uniquingKeysWith: { first, _ in first })
        /// A static computed property declared of the very type a global holds, returning it (`static var shared:
        /// FileSystem { globalFileSystem }`): the singleton's own accessor, where it is defined, not a use of it.
        func isAccessor(_ reference: CodeReference, of global: String) -> Bool {
            guard reference.memberIsStatic, let owner = reference.owner, let member = reference.member,
                  let types = globalTypes[global] else { return false }
            return (membersByOwner[simple(owner)] ?? []).contains { declared in
                declared.name == member && declared.isStatic && declared.kind == .property && declared.isComputed && declared.typeNames == types
            }
        }
        /// A member that builds an object of the code's own only to hand it to another object
        /// (`pipeline.addHandler(Decoder())`) composes a product, as a factory does: the object is not a
        /// collaborator it keeps or calls. When the object has no effects of its own (it reaches nothing outside the
        /// program, itself or through a concrete part it builds or holds; what it is handed is judged where that is
        /// built) that is wiring: the edge is drawn, nothing is hidden. One with effects (a clock, an uploader) is a
        /// volatile part chosen here, and stays a finding; so does a type declared a collaborator (a lesson's
        /// rules), wherever it is built.
        func isProduct(_ reference: CodeReference) -> Bool {
            guard reference.handedOn, reference.context == .body, case .construction(let type) = reference.shape else { return false }
            let typeSimple = simple(type)
            guard simpleNames.contains(typeSimple), !volatile.contains(typeSimple),
                  !collaborators.contains(typeSimple), ancestry(typeSimple).isDisjoint(with: collaborators) else { return false }
            // A property's getter that builds what it returns (`var engine: Engine { V8Engine() }`) builds it for
            // its own type, which reads the property: that object is the type's collaborator.
            if let owner = reference.owner, let member = reference.member,
               (membersByOwner[simple(owner)] ?? []).contains(where: { $0.name == member && $0.kind == .property }) { return false }
            return true
        }
        /// The program's entry file: what `main.swift` declares outside any type runs as the program starts, or
        /// serves that start; it wires the program, as a composition root does.
        func isEntryFile(_ file: String) -> Bool { file == "main.swift" || file.hasSuffix("/main.swift") }
        /// A static computed property that hands out a shared instance declared of the same type
        /// (`static var singleton: EventLoopGroup { Singletons.eventLoopGroup }`) is another name for that
        /// instance, where it is defined: its uses are the findings, not its body. A private one is the type's own
        /// way to reach for it: that reach is the finding.
        func isAlias(_ reference: CodeReference) -> Bool {
            guard reference.memberIsStatic, reference.context == .body, let owner = reference.owner, let member = reference.member,
                  case .member(let base, let name) = reference.shape,
                  let accessor = (membersByOwner[simple(owner)] ?? []).first(where: { $0.name == member && $0.isStatic && $0.kind == .property && $0.isComputed && !$0.isPrivate })
            else { return false }
            let declared = Set(accessor.typeNames.map(simple))
            guard !declared.isEmpty else { return false }
            let targetTypes = (membersByOwner[simple(base)] ?? []).first(where: { $0.name == name && $0.isStatic })?.typeNames.map(simple) ?? []
            return !declared.isDisjoint(with: targetTypes.isEmpty ? [simple(base)] : targetTypes)
        }
        var hidden: [HiddenDependency] = []
        var kept: [HiddenDependency] = []
        var adapters: [HiddenDependency] = []
        var edges: [DependencyEdge] = []
        var edgeSet: Set<DependencyEdge> = []
        func addEdge(_ edge: DependencyEdge) { if edgeSet.insert(edge).inserted { edges.append(edge) } }
        var seen: Set<String> = []
        // One finding per line and target: `[Wheel(), Wheel(), Wheel(), Wheel()]` is one place to change.
        var reported: Set<String> = []

        // `engine: Engine = .shared` read by the token reader: the implicit member is the parameter type's.
        var references = model.references
        for implicit in model.implicitMembers where implicit.context == .defaultArgument && implicit.member != "init"
            && implicit.member.first?.isLowercase == true {
            guard let type = implicit.contextTypes.first else { continue }
            references.append(CodeReference(shape: .member(base: type, member: implicit.member), owner: implicit.owner, member: implicit.inMember,
                                            memberIsStatic: false, context: .defaultArgument, file: implicit.file, offset: -implicit.line, line: implicit.line))
        }
        for reference in references.sorted(by: { ($0.file, $0.offset < 0 ? $0.line * 1_000_000 : $0.offset) < ($1.file, $1.offset < 0 ? $1.line * 1_000_000 : $1.offset) }) {
            guard seen.insert("\(reference.file)#\(reference.offset)").inserted else { continue }
            let owner = reference.owner
            if !includeTests, let owner, isTestDouble(owner) { continue }
            if !includeTests && isTestValue(reference) { continue }
            let wiring = isCompositionRoot(owner, member: reference.member) || (owner == nil && reference.context == .topLevel) || isLiveImplementation(reference.file)
                || definesOwnInstance(reference) || owner.map { isFactoryType(simple($0)) } == true || (owner == nil && isEntryFile(reference.file))
            // A product built and handed on where nothing else makes the code a root is an edge, not a root's choice.
            let productOnly = !wiring && isProduct(reference)
            let atRoot = wiring || productOnly
            var found = classify(reference, atRoot: atRoot)
            if found == nil {
                var global: String?
                switch reference.shape {
                case .name(let name): global = name
                case .member(let base, _) where !base.contains("."): global = base
                default: break
                }
                if let global, let target = globalSingletons[global], reference.member != global || owner != nil,
                   singletonModules[global] == nil || seesGlobal(global, from: reference.file, in: singletonModules),
                   !isAccessor(reference, of: global),
                   !(owner.map { declaresMember(simple($0), global) } ?? false) {
                    found = (.singleton, global == target ? target : "\(global) (\(target))", globalSingletonTypes[global])
                } else if case .member(let base, _) = reference.shape, let global, global == base, !simpleNames.contains(base),
                          globalVariables.contains(base), seesGlobal(base, from: reference.file), reference.member != base || owner != nil,
                          !(owner.map { declaresMember(simple($0), base) } ?? false) {
                    // `Current.log(...)`: a global variable (whatever its name's case) reached through a member.
                    found = (.globalState, base, nil)
                }
            }
            guard let (kind, target, targetType) = found else { continue }
            if kind == .singleton, isAlias(reference) { continue }
            let ownerSimple = owner.map(simple)
            // `id = UUID()` in a value gives it an identity; it reaches for nothing a test must control.
            if target == "UUID()", let ownerSimple, let type = declaration(ownerSimple, module: moduleName(ofFile: reference.file)),
               type.kind == .struct || type.kind == .enum, !isService(ownerSimple) { continue }
            // Time and randomness in a view drive its animation and identity, not its logic. A type nested in a
            // view, a view modifier or an environment key is the view's too. (The screen and the device are still
            // findings there: a view that reads them cannot be checked at another size.)
            let inUserInterface = owner.map { qualified in
                qualified.split(separator: ".").map(String.init).contains { part in
                    isUserInterface(part) || !ancestry(part).isDisjoint(with: Self.uiProtocols)
                }
            } ?? false
            if kind == .globalState, inUserInterface, Self.animationState.contains(where: { target.hasPrefix($0) || target.hasSuffix($0) }) { continue }
            let module = moduleName(ofFile: reference.file)
            let dependency = HiddenDependency(
                kind: kind, file: reference.file, line: reference.line, owner: owner, member: reference.member,
                context: reference.context, target: target,
                suggestion: suggestion(kind: kind, target: target, targetType: targetType, context: reference.context,
                                       owner: ownerSimple, inherited: inherited, protocols: protocolsWithRequirements,
                                       place: suggestionPlace(reference, ownerSimple: ownerSimple)))
            guard reported.insert("\(reference.file):\(reference.line):\(kind):\(target)").inserted else { continue }
            let systemTarget = targetType.map { !simpleNames.contains($0) } ?? true
            let isAdapter = kind != .construction && systemTarget && owner.map { isAdapterMember(reference.member, ancestry: ancestry(simple($0)), requirements: seamRequirements) } == true
            if productOnly && kind == .construction {
                // drawn below, listed nowhere
            } else if atRoot { kept.append(dependency) } else if isAdapter { adapters.append(dependency) } else { hidden.append(dependency) }
            let from = ownerSimple ?? (reference.member ?? "top level")
            let to = targetType.flatMap { simpleNames.contains($0) ? $0 : nil } ?? target
            let toModule = targetType.flatMap { declaration($0, module: module) }.map { moduleName(ofFile: $0.file) } ?? ""
            addEdge(DependencyEdge(from: from, to: to, kind: isAdapter && !atRoot ? .wraps : (kind == .construction ? .creates : .reachesFor), via: target,
                                   fromModule: module, toModule: toModule))
        }

        // An adapter's own starting state, read from the system it wraps (`private var startedAt = ContinuousClock.now`
        // beside a `stop()` that reads the same clock for its protocol), is the adapter's too.
        let wrapped = Set(adapters.map { "\($0.owner ?? "")|\($0.target)" })
        hidden.removeAll { dependency in
            guard dependency.kind == .globalState, dependency.context == .initialValue, dependency.owner != nil,
                  wrapped.contains("\(dependency.owner ?? "")|\(dependency.target)") else { return false }
            adapters.append(dependency)
            return true
        }

        // A static method that reaches for something hidden itself (`AlertUtil.twoButtonAlert`
        // running an NSAlert) hides that from every caller too.
        var impureStatics: [String: String] = [:]
        // Static methods and static computed properties: either one runs its body at every call or read.
        let staticMethodNames = Set(model.members.filter { ($0.kind == .method || $0.kind == .property && $0.isComputed) && $0.isStatic && $0.owner != nil }
            .map { "\(simple($0.owner!)).\($0.name)" })
        // Which declaration of that name has the effect, by how a call spells it: a property (no argument), or a method
        // and its first label (nil: `_` or none). `availablePins(in:)` is not the `availablePins` property beside it.
        enum CallShape: Equatable { case property, method(String?), any }
        var impureShapes: [String: CallShape] = [:]
        func declaredShape(owner: String, member: String, file: String, line: Int) -> CallShape {
            let candidates = (membersByOwner[owner] ?? []).filter { $0.name == member && $0.isStatic && $0.file == file && $0.line <= line }
            guard let declared = candidates.max(by: { $0.line < $1.line }) else { return .any }
            if declared.kind == .property { return .property }
            let label = declared.parameters.first?.label
            return .method(label == "_" || label?.isEmpty == true ? nil : label)
        }
        for dependency in hidden + adapters where dependency.owner != nil && dependency.member != nil {
            let key = "\(simple(dependency.owner!)).\(dependency.member!)"
            guard staticMethodNames.contains(key) else { continue }
            let shape = declaredShape(owner: simple(dependency.owner!), member: dependency.member!, file: dependency.file, line: dependency.line)
            if impureStatics[key] == nil { impureStatics[key] = dependency.target; impureShapes[key] = shape }
            else if impureShapes[key] != shape { impureShapes[key] = .any }
        }
        // A static method that builds an object with effects of its own, its own type's included, and uses it rather
        // than hands it out (`AsyncProcess.popen` launching the process it builds and returning its result) reaches
        // those effects for every caller.
        for reference in model.references where reference.memberIsStatic && reference.context == .body {
            guard case .construction(let type) = reference.shape, let owner = reference.owner.map(simple), let member = reference.member,
                  volatile.contains(simple(type)), !reference.handedOn, impureStatics["\(owner).\(member)"] == nil else { continue }
            let declared = (membersByOwner[owner] ?? []).filter { $0.name == member && $0.kind == .method && $0.isStatic }
            guard !declared.isEmpty, declared.allSatisfy({ method in !method.resultTypeNames.contains { simple($0) == simple(type) || simple($0) == "Self" } }) else { continue }
            impureStatics["\(owner).\(member)"] = "\(simple(type))()"
            impureShapes["\(owner).\(member)"] = declared.count == 1 ? declaredShape(owner: owner, member: member, file: declared[0].file, line: declared[0].line) : .any
        }
        if !impureStatics.isEmpty {
            for reference in references {
                guard case .member(let base, let member) = reference.shape, let reached = impureStatics["\(simple(base)).\(member)"],
                      simple(base) != reference.owner.map(simple), !(reference.owner.map { isTestDouble($0) } ?? false) || includeTests else { continue }
                switch impureShapes["\(simple(base)).\(member)"] ?? .any {
                case .property: if reference.firstArgumentLabel != nil { continue }
                case .method(let label?): if reference.firstArgumentLabel != label { continue }
                case .method(nil), .any: break
                }
                let target = "\(base).\(member)"
                guard reported.insert("\(reference.file):\(reference.line):\(HiddenDependency.Kind.globalState):\(target)").inserted,
                      !reported.contains("\(reference.file):\(reference.line):\(HiddenDependency.Kind.globalState):\(target)x") else { continue }
                let atRoot = isCompositionRoot(reference.owner, member: reference.member) || (reference.owner == nil && (reference.context == .topLevel || isEntryFile(reference.file)))
                    || isLiveImplementation(reference.file)
                let dependency = HiddenDependency(
                    kind: .globalState, file: reference.file, line: reference.line, owner: reference.owner, member: reference.member,
                    context: reference.context, target: target,
                    suggestion: LocalizedText(
                        english: "\(target) reaches for \(reached) itself: make it an instance member of a type \(reference.owner.map(simple) ?? "this code") is handed (behind a protocol), so a test can replace it.",
                        chinese: "\(target) 自己获取了 \(reached)：把它改成一个类型的实例成员，并把这个类型（放在协议后面）交给 \(reference.owner.map(simple) ?? "这段代码")，让测试可以替换它。"))
                if atRoot { kept.append(dependency) } else { hidden.append(dependency) }
                addEdge(DependencyEdge(from: reference.owner.map(simple) ?? (reference.member ?? "top level"), to: simple(base), kind: .reachesFor, via: target,
                                       fromModule: moduleName(ofFile: reference.file), toModule: declaration(base).map { moduleName(ofFile: $0.file) } ?? ""))
            }
        }

        // A property wrapper reaches for what its own code reaches for on behalf of every property it wraps: the type
        // that declares `@Stored("rate") var rate` depends on the store, though its initializer does not say so (a
        // service locator with nicer syntax). The wrapper's own reach is a finding where it is written; each wrapped
        // property is one too. (SwiftUI's `@AppStorage` is not: its store comes from the environment, which a preview
        // or a test sets with `.defaultAppStorage(_:)`.)
        let wrapperLines = Set(model.attributes.filter { $0.name == "propertyWrapper" }.flatMap { ["\($0.file):\($0.line)", "\($0.file):\($0.line + 1)"] })
        let wrapperTypes = Set(declarations.filter { wrapperLines.contains("\($0.file):\($0.line)") }.map(\.simpleName))
        var wrapperReach: [String: (kind: HiddenDependency.Kind, target: String)] = [:]
        for dependency in (hidden + adapters).sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) }) {
            guard let owner = dependency.owner.map(simple), wrapperTypes.contains(owner), wrapperReach[owner] == nil else { continue }
            wrapperReach[owner] = (dependency.kind, dependency.target)
        }
        if !wrapperReach.isEmpty {
            var wrappersAt: [String: [String]] = [:]
            for attribute in model.attributes where wrapperReach[attribute.name] != nil {
                wrappersAt["\(attribute.file):\(attribute.line)", default: []].append(attribute.name)
            }
            let memberLines = Set(model.members.map { "\($0.file):\($0.line)" })
            for member in model.members where member.kind == .property && !member.isStatic {
                guard let owner = member.owner, !wrapperTypes.contains(simple(owner)), includeTests || !isTestDouble(owner) else { continue }
                // Written on the declaration's line, or alone on the line above (not another declaration's own).
                let above = memberLines.contains("\(member.file):\(member.line - 1)") ? [] : wrappersAt["\(member.file):\(member.line - 1)"] ?? []
                let wrappers = (wrappersAt["\(member.file):\(member.line)"] ?? []) + above
                for wrapper in wrappers.uniqued() {
                    guard let reach = wrapperReach[wrapper] else { continue }
                    let target = "@\(wrapper) (\(reach.target))"
                    guard reported.insert("\(member.file):\(member.line):\(reach.kind):\(target)").inserted else { continue }
                    let ownerSimple = simple(owner)
                    let dependency = HiddenDependency(
                        kind: reach.kind, file: member.file, line: member.line, owner: owner, member: member.name, context: .attribute, target: target,
                        suggestion: LocalizedText(
                            english: "`@\(wrapper)` reaches for \(reach.target) for every property it wraps, so \(ownerSimple)'s `\(member.name)` is a dependency its initializer does not show: where you own the initializer, take it there (the composition root passes it); keep the wrapper only where initializers are out of reach.",
                            chinese: "`@\(wrapper)` 为它包装的每个属性去获取 \(reach.target)，所以 \(ownerSimple) 的 `\(member.name)` 是初始化方法没有显示的依赖：在你能控制初始化方法的地方，通过初始化方法接收它（由组合根传入）；只在无法控制初始化方法的地方保留这个包装器。"))
                    if isCompositionRoot(owner, member: member.name) { kept.append(dependency) } else { hidden.append(dependency) }
                    addEdge(DependencyEdge(from: ownerSimple, to: simpleNames.contains(wrapper) ? wrapper : reach.target, kind: .reachesFor, via: target,
                                           fromModule: moduleName(ofFile: member.file), toModule: declaration(wrapper).map { moduleName(ofFile: $0.file) } ?? ""))
                }
            }
        }

        // Who is handed what: parameters of initializers and methods, settable properties.
        for member in model.members {
            guard let owner = member.owner, !isCompositionRoot(owner), includeTests || !isTestDouble(owner) else { continue }
            let from = simple(owner)
            let module = moduleName(ofFile: member.file)
            func toModule(_ name: String) -> String { declaration(name, module: module).map { moduleName(ofFile: $0.file) } ?? "" }
            switch member.kind {
            case .initializer, .method:
                let labels = member.parameters.map { $0.label + ":" }.joined()
                let signature = "\(member.kind == .initializer ? "init" : member.name)(\(labels))"
                for parameter in member.parameters {
                    for name in parameter.typeNames where simpleNames.contains(name) && name != from && (protocols.contains(name) || isService(name, module: module)) {
                        addEdge(DependencyEdge(from: from, to: name, kind: .isHanded, via: signature, fromModule: module, toModule: toModule(name)))
                    }
                }
            case .property:
                guard member.isMutable, !member.isStatic, !member.isComputed, member.initialValueCall == nil else { continue }
                for name in member.typeNames where simpleNames.contains(name) && name != from && (protocols.contains(name) || isService(name, module: module)) {
                    addEdge(DependencyEdge(from: from, to: name, kind: .isHanded, via: "property \(member.name)", fromModule: module, toModule: toModule(name)))
                }
            }
        }
        for type in model.types {
            let module = moduleName(ofFile: type.file)
            for name in type.inherits where simpleNames.contains(simple(name)) {
                let target = declaration(name, module: module)
                addEdge(DependencyEdge(from: type.simpleName, to: simple(name), kind: .conformsTo, via: type.kind == .extension ? "extension" : "declaration",
                                       fromModule: module, toModule: target.map { moduleName(ofFile: $0.file) } ?? ""))
            }
        }

        let summaries = declarations.map { type in
            TypeSummary(name: type.name, kind: type.kind, file: type.file, line: type.line, inherits: inherited(type.name).uniqued(), module: moduleName(ofFile: type.file))
        }.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
        return DependencyAnalysis(types: summaries, edges: edges, hiddenDependencies: hidden, compositionRoot: kept, adapters: adapters, reader: reader, notes: notes)
    }

    /// An adapter: the reference sits in a member that implements a requirement of a protocol of the
    /// code's own the type conforms to (`SystemClock: Clock` calling `Date()` in `now()`). Callers
    /// depend on the protocol, so the system call is the edge, on purpose. The same call in any other
    /// member (a settings screen's `viewDidLoad`) is a finding, whatever the type is called.
    func isAdapterMember(_ member: String?, ancestry: Set<String>, requirements: (String) -> Set<String>) -> Bool {
        guard let member, member != "init", member != "deinit" else { return false }
        return ancestry.contains { requirements($0).contains(member) }
    }

    /// The one protocol of the code's own a type conforms to, to name in a suggestion; nil when it conforms to none
    /// or to several (which one the code needs is not known here: the concrete type is named instead).
    static func onlyProtocol(of type: String, inherited: (String) -> [String], protocols: Set<String>) -> String? {
        let own = Set(inherited(type).map { String($0.split(separator: ".").last ?? Substring($0)) }.filter { protocols.contains($0) })
        return own.count == 1 ? own.first : nil
    }

    /// Where an injection can go: the type's initializer, a parameter of a static member or free function, or a
    /// factory the initializer takes (an object made per call from what the call was given).
    /// `property`: a static property, or a property of an enum: nothing builds it with a collaborator, so its code
    /// cannot be handed one.
    enum SuggestionPlace: Equatable { case initializer, function(String), factory, property(String) }

    func suggestion(kind: HiddenDependency.Kind, target: String, targetType: String?, context: ReferenceContext,
                    owner: String?, inherited: (String) -> [String], protocols: Set<String>,
                    place: SuggestionPlace = .initializer) -> LocalizedText {
        let who = owner ?? "this code"
        let whoZh = owner ?? "这段代码"
        let adapted = plainSuggestion(kind: kind, target: target, targetType: targetType, context: context, owner: owner,
                                      inherited: inherited, protocols: protocols)
        switch place {
        case .initializer:
            return adapted
        case .function(let member):
            // No initializer to take it: the function takes it as a parameter, and its caller passes it.
            let name = member.isEmpty ? "the function" : "`\(member)`"
            let nameZh = member.isEmpty ? "这个函数" : "`\(member)`"
            var english = adapted.english.replacingOccurrences(of: "in \(who)'s initializer", with: "as a parameter of \(name)")
                .replacingOccurrences(of: "in its initializer", with: "as a parameter of \(name)")
                .replacingOccurrences(of: "as an initializer parameter", with: "as a parameter of \(name)")
                .replacingOccurrences(of: "in the initializer", with: "as a parameter of \(name)")
            var chinese = adapted.chinese.replacingOccurrences(of: "在 \(whoZh) 的初始化方法中", with: "在 \(nameZh) 的参数中")
                .replacingOccurrences(of: "在初始化方法中", with: "在 \(nameZh) 的参数中")
                .replacingOccurrences(of: "作为初始化方法参数", with: "作为 \(nameZh) 的参数")
            if english == adapted.english {
                english += " \(name) has no initializer of its own: take it as a parameter of \(name), and let its caller pass it."
                chinese += "\(nameZh) 没有自己的初始化方法：把它作为 \(nameZh) 的参数，由调用者传入。"
            }
            return LocalizedText(english: english, chinese: chinese)
        case .property(let member):
            let type = targetType ?? String(target.prefix { $0 != "(" })
            let protocolName = targetType.flatMap { type in Self.onlyProtocol(of: type, inherited: inherited, protocols: protocols) }
            let wanted = protocolName.map { "any \($0)" } ?? type
            return LocalizedText(
                english: "`\(who).\(member)` is a property nothing builds with its collaborators (a static one, an enum's, or one added to a type the code does not declare), so it reaches for \(target) itself: make it a method that takes a `\(wanted)` (its caller passes \(target)), or move it into an object the composition root builds with one.",
                chinese: "`\(whoZh).\(member)` 是一个没有人带着协作者去创建的属性（static 属性、枚举的属性，或加在这段代码没有声明的类型上的属性），所以它自己去拿 \(target)：把它改成接收一个 `\(wanted)` 的方法（由调用者传入 \(target)），或者把它移到由组合根带着这个依赖创建的对象里。")
        case .factory:
            let type = targetType ?? String(target.prefix { $0 != "(" })
            let protocolName = targetType.flatMap { type in Self.onlyProtocol(of: type, inherited: inherited, protocols: protocols) }
            let made = protocolName.map { "any \($0)" } ?? type
            return LocalizedText(
                english: "\(who) makes a new \(type) for each call, from what the call was given: take a factory (`make\(type): @escaping (...) -> \(made)`) in its initializer, call it here, and let the composition root pass one that builds \(type).",
                chinese: "\(whoZh) 每次调用都用调用时给的东西新建一个 \(type)：在初始化方法中接收一个工厂（`make\(type): @escaping (...) -> \(made)`），在这里调用它，由组合根传入创建 \(type) 的那个工厂。")
        }
    }

    func plainSuggestion(kind: HiddenDependency.Kind, target: String, targetType: String?, context: ReferenceContext,
                         owner: String?, inherited: (String) -> [String], protocols: Set<String>) -> LocalizedText {
        let who = owner ?? "this code"
        let whoZh = owner ?? "这段代码"
        if context == .defaultArgument {
            return LocalizedText(
                english: "Remove the default `= \(target)`: every caller then chooses, and the composition root passes \(target).",
                chinese: "去掉默认值 `= \(target)`：每个调用者都必须自己选择，由组合根传入 \(target)。")
        }
        let protocolName = targetType.flatMap { type in Self.onlyProtocol(of: type, inherited: inherited, protocols: protocols) }
        func parameterName(_ type: String) -> String {
            // A nested type's own name: `Space.Nested` → `nested`.
            var name = String(type.split(whereSeparator: { $0 == "." || $0 == NestedNames.mark }).last ?? Substring(type))
            // Only a whole word in front (`DefaultClock` → `Clock`; `Defaults` stays, `Reality` too).
            for prefix in ["V8", "Default", "Live", "Real", "System", "Shared", "URL"] where name.hasPrefix(prefix) && name.count > prefix.count
                && name.dropFirst(prefix.count).first?.isUppercase == true {
                name = String(name.dropFirst(prefix.count))
            }
            // `APIClient` → `apiClient`, `Engine` → `engine`.
            let characters = Array(name)
            var upper = 0
            while upper < characters.count, characters[upper].isUppercase { upper += 1 }
            let cut = upper > 1 && upper < characters.count ? upper - 1 : max(upper, 1)
            return String(characters[..<cut]).lowercased() + String(characters[cut...])
        }
        let api = String(target.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        let clocks: Set<String> = ["CFAbsoluteTimeGetCurrent", "CACurrentMediaTime", "mach_absolute_time", "clock_gettime", "gettimeofday", "DispatchTime", "DispatchWallTime", "ContinuousClock", "SuspendingClock"]
        if target.hasPrefix("."), let name = target.dropFirst().split(separator: "(").first, TokenTools.fileSystemCalls[String(name)] != nil {
            return LocalizedText(
                english: "\(target) reaches the disk directly: take a file store (a protocol of your own with the reads and writes \(who) makes, or closures like `save: (Data, URL) throws -> Void`) and let the composition root pass the real one.",
                chinese: "\(target) 直接访问磁盘：接收一个文件存储（你自己的协议，包含 \(whoZh) 用到的读写，或 `save: (Data, URL) throws -> Void` 这样的闭包），由组合根传入真实的实现。")
        }
        if target.hasPrefix(".") {
            let call = String(target.dropFirst().dropLast(2))
            return LocalizedText(
                english: "\(call)() uses the process-wide random source: take a `RandomNumberGenerator` in \(who)'s initializer and call \(call)(using: &generator), so a test can fix the outcome.",
                chinese: "\(call)() 使用进程全局的随机源：在 \(whoZh) 的初始化方法中接收一个 `RandomNumberGenerator`，改为调用 \(call)(using: &generator)，让测试可以固定结果。")
        }
        if api.hasPrefix("arc4random") || api == "drand48" {
            return LocalizedText(
                english: "Inject the randomness: take a `RandomNumberGenerator` (or a `roll: () -> Int` closure) instead of calling \(target), so a test can fix the outcome.",
                chinese: "注入随机性：接收一个 `RandomNumberGenerator`（或 `roll: () -> Int` 闭包）代替调用 \(target)，让测试可以固定结果。")
        }
        if clocks.contains(api) || target == "Date.timeIntervalSinceReferenceDate" {
            return LocalizedText(
                english: "Inject the clock: take `now: @escaping () -> TimeInterval` (or a Clock protocol) and call it instead of \(target).",
                chinese: "注入时钟：接收 `now: @escaping () -> TimeInterval`（或一个 Clock 协议），用它代替 \(target)。")
        }
        if api == "Process" || api == "NSTask" {
            return LocalizedText(
                english: "\(who) starts other programs itself: take a process runner (a protocol like `func run(_ executable: String, _ arguments: [String]) throws -> String`) and let the composition root pass the one that builds \(target).",
                chinese: "\(whoZh) 自己启动其他程序：接收一个进程运行器（例如带有 `func run(_ executable: String, _ arguments: [String]) throws -> String` 的协议），由组合根传入创建 \(target) 的那个实现。")
        }
        if api.hasSuffix("Pasteboard") {
            return LocalizedText(
                english: "Take `pasteboard: any Pasteboard` (a protocol of your own with the calls \(who) makes) in the initializer, and let the composition root pass \(target).",
                chinese: "在初始化方法中接收 `pasteboard: any Pasteboard`（你自己的协议，包含 \(whoZh) 用到的调用），由组合根传入 \(target)。")
        }
        if target.contains("(contentsOf") {
            return LocalizedText(
                english: "\(target) reads the disk or the network directly: take `load: (URL) throws -> Data` (or a loader protocol) and let the composition root pass the real reading.",
                chinese: "\(target) 直接读取磁盘或网络：接收 `load: (URL) throws -> Data`（或一个加载器协议），由组合根传入真实的读取实现。")
        }
        if ["Locale", "TimeZone", "Calendar"].contains(api) {
            return LocalizedText(
                english: "Take the \(api.lowercased()) as a parameter (`\(api.prefix(1).lowercased() + api.dropFirst()): \(api)`) instead of reading \(target), so a test can fix it.",
                chinese: "把 \(api) 作为参数传入，而不是读取 \(target)，让测试可以固定它。")
        }
        if api == "CommandLine" {
            return LocalizedText(
                english: "Take the arguments (`arguments: [String]`) as a parameter instead of reading \(target), and read them once at the composition root.",
                chinese: "把参数（`arguments: [String]`）作为参数传入，而不是读取 \(target)；在组合根读取一次。")
        }
        if api == "getenv" || api == "setenv" || api.hasPrefix("NS") && ["NSHomeDirectory", "NSUserName", "NSFullUserName", "NSTemporaryDirectory"].contains(api) {
            return LocalizedText(
                english: "Take the value (or `environment: [String: String]`) as a parameter instead of calling \(target), and read it once at the composition root.",
                chinese: "把这个值（或 `environment: [String: String]`）作为参数传入，而不是调用 \(target)；在组合根读取一次。")
        }
        if api == "NSEvent" || api == "NSScreen" {
            return LocalizedText(
                english: "\(target) is live input state: take it as a parameter (or a small protocol that reads it) so a test can set it.",
                chinese: "\(target) 是实时的输入状态：把它作为参数（或一个读取它的小协议）传入，让测试可以设定它。")
        }
        if api == "usleep" || api == "nanosleep" {
            return LocalizedText(
                english: "\(target) waits on the real clock, and a test waits as long: take the waiting as a dependency (`sleep: @escaping (Duration) async throws -> Void`, a `Clock`, or a scheduler protocol) and let the composition root pass the real one.",
                chinese: "\(target) 按真实时钟等待，测试也得等那么久：把等待当作依赖接收（`sleep: @escaping (Duration) async throws -> Void`、一个 `Clock`，或一个调度协议），由组合根传入真实的实现。")
        }
        if Self.systemFunctions.contains(api) && target.hasSuffix("()") {
            return LocalizedText(
                english: "\(target) asks the system directly: take a closure (`\(parameterName(api)): @escaping () -> ...`) or a small protocol in \(who)'s initializer, and let the composition root pass the real call.",
                chinese: "\(target) 直接询问系统：在 \(whoZh) 的初始化方法中接收一个闭包（`\(parameterName(api)): @escaping () -> ...`）或一个小协议，由组合根传入真实的调用。")
        }
        if kind == .construction && targetType == nil {
            return LocalizedText(
                english: "Do not build \(target) inside \(who): take it (or a protocol of your own it conforms to) as an initializer parameter, and build it at the composition root.",
                chinese: "不要在 \(whoZh) 内部创建 \(target)：把它（或它遵循的你自己的协议）作为初始化方法参数，在组合根创建。")
        }
        switch kind {
        case .singleton:
            if let targetType {
                let wanted = protocolName.map { "any \($0)" } ?? targetType
                // A static that holds another type than its owner's (`Defaults.snapping`, a `BoolDefault`) is named by itself.
                let path = target.split(separator: ".")
                let member = path.count >= 2 && String(path[path.count - 2]) != targetType && path.last?.first?.isLowercase == true ? path.last.map(String.init) : nil
                let parameter = member ?? parameterName(protocolName ?? targetType)
                return LocalizedText(
                    english: "Hand \(who) what it needs: take `\(parameter): \(wanted)` in its initializer, store it, and let the composition root pass \(target).",
                    chinese: "把 \(whoZh) 需要的东西交给它：在初始化方法中接收 `\(parameter): \(wanted)` 并保存，由组合根传入 \(target)。")
            }
            return LocalizedText(
                english: "Take the \(target) object as an initializer parameter (behind a protocol of your own), and pass \(target) from the composition root.",
                chinese: "把 \(target) 改为初始化方法参数（放在你自己定义的协议后面），由组合根传入 \(target)。")
        case .construction:
            let type = targetType ?? target
            let wanted = protocolName.map { "any \($0)" } ?? type
            return LocalizedText(
                english: "Do not build \(target) inside \(who): take `\(parameterName(protocolName ?? type)): \(wanted)` as an initializer parameter, and build \(type) at the composition root.",
                chinese: "不要在 \(whoZh) 内部创建 \(target)：在初始化方法中接收 `\(parameterName(protocolName ?? type)): \(wanted)`，在组合根创建 \(type)。")
        case .globalState:
            if target.hasPrefix("Date") {
                return LocalizedText(
                    english: "Inject the clock: take `now: @escaping () -> Date` (or a Clock protocol) and call it instead of \(target).",
                    chinese: "注入时钟：接收 `now: @escaping () -> Date`（或一个 Clock 协议），用它代替 \(target)。")
            }
            if ["Task.sleep", "Thread.sleep", "Timer.scheduledTimer", "DispatchQueue.asyncAfter"].contains(target) {
                return LocalizedText(
                    english: "\(target) waits on the real clock, and a test waits as long: take the waiting as a dependency (`sleep: @escaping (Duration) async throws -> Void`, a `Clock`, or a scheduler protocol) and let the composition root pass the real one.",
                    chinese: "\(target) 按真实时钟等待，测试也得等那么久：把等待当作依赖接收（`sleep: @escaping (Duration) async throws -> Void`、一个 `Clock`，或一个调度协议），由组合根传入真实的实现。")
            }
            if target.hasPrefix("UUID") {
                return LocalizedText(
                    english: "Inject the source of ids: take `makeID: @escaping () -> UUID` and call it instead of UUID().",
                    chinese: "注入 id 的来源：接收 `makeID: @escaping () -> UUID`，用它代替 UUID()。")
            }
            if target.hasSuffix(".random") || target.hasPrefix("SystemRandomNumberGenerator") {
                return LocalizedText(
                    english: "Inject the randomness: take a `RandomNumberGenerator` (or a `roll: () -> Int` closure), so a test can fix the outcome.",
                    chinese: "注入随机性：接收一个 `RandomNumberGenerator`（或 `roll: () -> Int` 闭包），让测试可以固定结果。")
            }
            return LocalizedText(
                english: "\(target) is state shared by everyone: move it into an object that owns it, and hand that object to \(who).",
                chinese: "\(target) 是所有人共享的状态：把它移到一个拥有它的对象里，再把这个对象交给 \(whoZh)。")
        }
    }
}
