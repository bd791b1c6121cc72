import Foundation

/// The Swift compiler the runner drives.
public struct Toolchain: Sendable, Equatable {
    public var swiftc: String
    /// Changes when the compiler does; part of every build cache key.
    public var identity: String

    public init(swiftc: String, identity: String) {
        self.swiftc = swiftc
        self.identity = identity
    }

    #if canImport(Darwin)
    public static let sharedLibraryExtension = "dylib"
    public static let loaderPath = "@loader_path"
    #else
    public static let sharedLibraryExtension = "so"
    public static let loaderPath = "$ORIGIN"
    #endif
}

/// Finds `swiftc`: `KATA_SWIFTC` if set, else the first on `PATH`.
public struct ToolchainLocator: Sendable {
    public let fileSystem: any FileSystem
    public let environment: [String: String]

    public init(fileSystem: any FileSystem, environment: [String: String]) {
        self.fileSystem = fileSystem
        self.environment = environment
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
            return Toolchain(swiftc: candidate, identity: "\(resolved)@\(stamp)")
        }
        throw KataError.failure("""
            kata cannot find the Swift compiler (swiftc) on your PATH.
            Install Swift from swift.org, open a new terminal, and check that `swiftc --version` works.
            """)
    }
}
