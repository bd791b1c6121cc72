import Foundation

public enum FileKind: Sendable, Equatable {
    case file, directory, symlink, other
}

public struct FileSystemError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var reason: String
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    public var description: String { "\(path): \(reason)" }
}

/// The file operations the runner needs, and no more.
///
///     let text = try fileSystem.readText("Lessons/01-constructor-injection/README.md")
///
/// Paths are absolute or relative to the process's working directory.
public protocol FileSystem: Sendable {
    func kind(of path: String) -> FileKind?
    func contentsOfDirectory(_ path: String) throws -> [String]
    func read(_ path: String) throws -> Data
    /// Writes through a temporary file and a rename: readers see old or new, never half.
    func writeAtomically(_ data: Data, to path: String) throws
    func createDirectory(_ path: String) throws
    func remove(_ path: String) throws
    func move(_ source: String, to destination: String) throws
    func modificationDate(_ path: String) -> Date?
    /// Runs `body` while holding an exclusive lock on `path` (created if needed),
    /// so two kata processes never build in one folder at once.
    func withExclusiveLock<T>(_ path: String, _ body: () throws -> T) rethrows -> T
}

extension FileSystem {
    public func exists(_ path: String) -> Bool { kind(of: path) != nil }
    public func isDirectory(_ path: String) -> Bool { kind(of: path) == .directory }
    public func isFile(_ path: String) -> Bool { kind(of: path) == .file }

    public func readText(_ path: String) throws -> String {
        let data = try read(path)
        guard let text = String(data: data, encoding: .utf8) else {
            throw FileSystemError(path: path, reason: "is not UTF-8 text")
        }
        return text
    }

    public func writeText(_ text: String, to path: String) throws {
        try writeAtomically(Data(text.utf8), to: path)
    }

    /// Regular files below `path` (links are not followed), as paths relative to it, sorted.
    public func filesRecursively(_ path: String, withExtension ext: String? = nil) throws -> [String] {
        var found: [String] = []
        func walk(_ relative: String) throws {
            let absolute = relative.isEmpty ? path : path + "/" + relative
            for name in try contentsOfDirectory(absolute).sorted() where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : relative + "/" + name
                switch kind(of: path + "/" + child) {
                case .directory: try walk(child)
                case .file:
                    if ext == nil || name.hasSuffix("." + ext!) { found.append(child) }
                default: break
                }
            }
        }
        try walk("")
        return found
    }
}

/// The machine's real file system.
public struct LocalFileSystem: FileSystem {
    public init() {}

    public func kind(of path: String) -> FileKind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symlink
        default: return .other
        }
    }

    public func contentsOfDirectory(_ path: String) throws -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw FileSystemError(path: path, reason: "cannot list this folder")
        }
    }

    public func read(_ path: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FileSystemError(path: path, reason: exists(path) ? "cannot be read" : "does not exist")
        }
        return data
    }

    public func writeAtomically(_ data: Data, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty { try createDirectory(directory) }
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw FileSystemError(path: path, reason: "cannot be written")
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw FileSystemError(path: path, reason: "cannot be replaced")
        }
    }

    public func createDirectory(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw FileSystemError(path: path, reason: "cannot create this folder")
        }
    }

    public func remove(_ path: String) throws {
        guard exists(path) else { return }
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            throw FileSystemError(path: path, reason: "cannot be removed")
        }
    }

    public func move(_ source: String, to destination: String) throws {
        let directory = (destination as NSString).deletingLastPathComponent
        if !directory.isEmpty { try createDirectory(directory) }
        guard rename(source, destination) == 0 else {
            throw FileSystemError(path: source, reason: "cannot be moved to \(destination)")
        }
    }

    public func withExclusiveLock<T>(_ path: String, _ body: () throws -> T) rethrows -> T {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty { try? createDirectory(directory) }
        let descriptor = open(path, O_CREAT | O_RDWR, 0o644)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    public func modificationDate(_ path: String) -> Date? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let spec = info.st_mtimespec
        #else
        let spec = info.st_mtim
        #endif
        return Date(timeIntervalSince1970: Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9)
    }
}
