import Foundation

/// The Swift compiler the runner drives.
public struct Toolchain: Sendable, Equatable {
    public var swiftc: String
    /// Changes when the compiler does; part of every build cache key.
    public var identity: String
    /// Where the tests find Swift Testing when the compiler does not find it by itself (macOS).
    public var testing: SwiftTestingFlags

    public init(swiftc: String, identity: String, testing: SwiftTestingFlags = .builtIn) {
        self.swiftc = swiftc
        self.identity = identity
        self.testing = testing
    }

    #if canImport(Darwin)
    public static let sharedLibraryExtension = "dylib"
    public static let loaderPath = "@loader_path"
    #else
    public static let sharedLibraryExtension = "so"
    public static let loaderPath = "$ORIGIN"
    #endif
}

/// The flags a test program needs to import, expand and load Swift Testing.
///
/// On Linux the toolchain keeps Swift Testing with the standard library, where
/// the compiler looks anyway: no flags. On macOS it lives in the platform's
/// developer folder (Xcode), in the toolchain's `lib/swift/macosx/testing`
/// (a swift.org toolchain) or in the Command Line Tools' `Library/Developer/Frameworks`,
/// and its macros' plugin may sit in `lib/swift/host/plugins/testing`: the
/// places SwiftPM looks, in the same order.
public struct SwiftTestingFlags: Sendable, Equatable {
    /// Flags for compiling the tests (`-F`, `-I`, `-plugin-path`).
    public var compile: [String]
    /// Flags for linking the test program (`-F`, `-L`, run paths).
    public var link: [String]
    /// The folders found, for messages; empty when nothing was needed.
    public var found: [String]
    /// Why Swift Testing could not be found; nil when it was (or nothing was needed).
    public var problem: String?

    public init(compile: [String], link: [String], found: [String], problem: String? = nil) {
        self.compile = compile
        self.link = link
        self.found = found
        self.problem = problem
    }

    /// The compiler finds Swift Testing by itself.
    public static let builtIn = SwiftTestingFlags(compile: [], link: [], found: [])

    /// Derives the flags for a toolchain laid out like Xcode, a swift.org toolchain or the Command Line Tools.
    ///
    /// - Parameters:
    ///   - compiler: the real `swiftc` (symbolic links and `xcrun` shims already resolved).
    ///   - platform: `…/Platforms/MacOSX.platform` of the developer folder in use, when known.
    public static func macOS(compiler: String, platform: String?, fileSystem: any FileSystem) -> SwiftTestingFlags {
        let bin = (compiler as NSString).deletingLastPathComponent
        let usr = (bin as NSString).deletingLastPathComponent
        let lib = "\(usr)/lib"
        var compile: [String] = []
        var link: [String] = []
        var found: [String] = []
        var hasModule = false

        func frameworks(_ folder: String) {
            compile += ["-F", folder]
            link += ["-F", folder, "-Xlinker", "-rpath", "-Xlinker", folder]
            found.append(folder)
        }
        func library(_ folder: String) {
            compile += ["-I", folder]
            link += ["-L", folder, "-Xlinker", "-rpath", "-Xlinker", folder]
            found.append(folder)
        }

        // The Command Line Tools: a framework two folders above the compiler's.
        let commandLineTools = ((usr as NSString).deletingLastPathComponent as NSString).appendingPathComponent("Library/Developer/Frameworks")
        if fileSystem.exists("\(commandLineTools)/Testing.framework") {
            frameworks(commandLineTools)
            hasModule = true
        }
        // A swift.org toolchain: a module and a library beside the standard library.
        let toolchainTesting = "\(lib)/swift/macosx/testing"
        if !hasModule, fileSystem.isDirectory(toolchainTesting) {
            library(toolchainTesting)
            hasModule = true
        }
        // Xcode: the platform's developer frameworks (XCTest and Testing), and its libraries.
        if let platform {
            let developer = "\(platform)/Developer/Library/Frameworks"
            if fileSystem.isDirectory(developer) {
                frameworks(developer)
                if fileSystem.exists("\(developer)/Testing.framework") { hasModule = true }
            }
            let developerLibraries = "\(platform)/Developer/usr/lib"
            if fileSystem.isDirectory(developerLibraries) { library(developerLibraries) }
        }
        // The macros' plugin (`@Test`, `#expect`), when the toolchain keeps it in a folder of its own.
        let plugins = "\(lib)/swift/host/plugins/testing"
        if fileSystem.isDirectory(plugins) {
            compile += ["-plugin-path", plugins]
            found.append(plugins)
        }

        guard hasModule else {
            var looked = [commandLineTools + "/Testing.framework", toolchainTesting]
            looked += platform.map { ["\($0)/Developer/Library/Frameworks/Testing.framework"] } ?? ["the platform folder of Xcode (xcrun --show-sdk-platform-path found none)"]
            return SwiftTestingFlags(compile: [], link: [], found: [],
                                     problem: "Swift Testing was not found for \(compiler); looked in " + looked.joined(separator: ", "))
        }
        return SwiftTestingFlags(compile: compile, link: link, found: found)
    }
}

/// Finds `swiftc`: `KATA_SWIFTC` if set, else the first on `PATH`.
public struct ToolchainLocator: Sendable {
    public let fileSystem: any FileSystem
    public let environment: [String: String]
    /// Asks `xcrun` where the real compiler and the platform folder are (macOS); nil: never asked.
    public let processRunner: (any ProcessRunning)?
    /// Whether Swift Testing must be looked for outside the compiler's own search paths.
    public let testingOutsideToolchain: Bool

    public init(fileSystem: any FileSystem, environment: [String: String], processRunner: (any ProcessRunning)? = nil, testingOutsideToolchain: Bool? = nil) {
        self.fileSystem = fileSystem
        self.environment = environment
        self.processRunner = processRunner
        #if os(macOS)
        self.testingOutsideToolchain = testingOutsideToolchain ?? true
        #else
        self.testingOutsideToolchain = testingOutsideToolchain ?? false
        #endif
    }

    public func locate() throws -> Toolchain {
        var candidates: [String] = []
        if let explicit = environment["KATA_SWIFTC"], !explicit.isEmpty { candidates.append(explicit) }
        for folder in (environment["PATH"] ?? "/usr/bin:/usr/local/bin").split(separator: ":") {
            candidates.append("\(folder)/swiftc")
        }
        for candidate in candidates where fileSystem.exists(candidate) {
            let resolved = (candidate as NSString).resolvingSymlinksInPath
            let stamp = fileSystem.modificationDate(resolved).map { String($0.timeIntervalSince1970) } ?? "?"
            var toolchain = Toolchain(swiftc: candidate, identity: "\(resolved)@\(stamp)")
            if testingOutsideToolchain {
                toolchain.testing = swiftTesting(compiler: resolved)
            }
            return toolchain
        }
        throw KataError.failure("""
            kata cannot find the Swift compiler (swiftc) on your PATH.
            Install Swift from swift.org, open a new terminal, and check that `swiftc --version` works.
            """)
    }

    /// Swift Testing for a macOS compiler, found the way SwiftPM finds it.
    func swiftTesting(compiler: String) -> SwiftTestingFlags {
        var real = compiler
        // `/usr/bin/swiftc` is a shim that runs the selected developer folder's compiler.
        if real == "/usr/bin/swiftc", let found = xcrun(["--find", "swiftc"]) {
            real = (found as NSString).resolvingSymlinksInPath
        }
        return SwiftTestingFlags.macOS(compiler: real, platform: platformFolder(compiler: real), fileSystem: fileSystem)
    }

    /// `…/Platforms/MacOSX.platform`: from `DEVELOPER_DIR`, from a compiler inside a developer folder, or from `xcrun`.
    func platformFolder(compiler: String) -> String? {
        if let developer = environment["DEVELOPER_DIR"], !developer.isEmpty {
            let platform = "\(developer)/Platforms/MacOSX.platform"
            if fileSystem.isDirectory(platform) { return platform }
        }
        if let range = compiler.range(of: "/Toolchains/") {
            let platform = "\(compiler[..<range.lowerBound])/Platforms/MacOSX.platform"
            if fileSystem.isDirectory(platform) { return platform }
        }
        if let platform = xcrun(["--sdk", "macosx", "--show-sdk-platform-path"]), fileSystem.isDirectory(platform) {
            return platform
        }
        return nil
    }

    private func xcrun(_ arguments: [String]) -> String? {
        guard let processRunner, fileSystem.exists("/usr/bin/xcrun") else { return nil }
        let result = processRunner.run(ProcessRequest(executable: "/usr/bin/xcrun", arguments: arguments, environment: environment, timeout: 30))
        guard result.termination.succeeded else { return nil }
        let line = result.output.split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return line.hasPrefix("/") ? line : nil
    }
}

extension Toolchain {
    /// The symbol lister for built objects: the toolchain's `llvm-nm`, else the system's.
    func symbolLister(_ fileSystem: any FileSystem) -> String? {
        let folder = (swiftc as NSString).deletingLastPathComponent
        return ["\(folder)/llvm-nm", "/usr/bin/nm", "/usr/bin/llvm-nm"].first(where: { fileSystem.exists($0) })
    }

    /// The builder a check uses: the direct compiler, with SwiftPM behind it for a toolchain it
    /// cannot drive; SwiftPM alone when asked for, or when Swift Testing was not found for the
    /// compiler (SwiftPM may still find it). Says which builder runs whenever it is not the direct one.
    public func builder(direct: any LessonBuilding, swiftPM: any LessonBuilding, preferSwiftPM: Bool,
                        notice: @escaping @Sendable (String) -> Void) -> any LessonBuilding {
        if preferSwiftPM { return swiftPM }
        if let problem = testing.problem {
            notice("\(problem); building with SwiftPM instead, which is slower")
            return swiftPM
        }
        return FallbackLessonBuilder(primary: direct, fallback: swiftPM, notice: notice)
    }
}
