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
    /// A folder's entries byte for byte, for folders a stranger made (see `DirectoryListing`).
    func listEntries(_ path: String) throws -> DirectoryListing
    /// Reads a regular file, never following a link nor blocking on a FIFO; refuses more than `limit` bytes.
    func readRegularFile(_ path: String, limit: Int) throws -> Data
    /// Reads at most `count` bytes from `offset` of a regular file, never following a link nor
    /// blocking on a FIFO; `size` is the file's size now, so a caller can refuse a file that grew too big.
    func readRegularChunk(_ path: String, offset: Int, count: Int) throws -> (data: Data, size: Int)
    /// Copies a file, keeping its permissions (an executable stays executable).
    func copyFile(_ source: String, to destination: String) throws
    /// Runs `body` while holding an exclusive lock on `path` (created if needed),
    /// so two kata processes never build in one folder at once.
    func withExclusiveLock<T>(_ path: String, _ body: () throws -> T) rethrows -> T
}

/// What `listEntries` found: names, and names that are not valid UTF-8 (escaped, like `bad%FF.swift`).
public struct DirectoryListing: Sendable, Equatable {
    public var names: [String]
    public var undecodable: [String]
    public init(names: [String], undecodable: [String] = []) {
        self.names = names
        self.undecodable = undecodable
    }
}

extension FileSystem {
    public func copyFile(_ source: String, to destination: String) throws {
        try writeAtomically(try read(source), to: destination)
    }

    public func listEntries(_ path: String) throws -> DirectoryListing {
        DirectoryListing(names: try contentsOfDirectory(path))
    }

    public func readRegularChunk(_ path: String, offset: Int, count: Int) throws -> (data: Data, size: Int) {
        guard kind(of: path) == .file else { throw FileSystemError(path: path, reason: "is not a regular file") }
        let data = try read(path)
        let start = min(max(0, offset), data.count)
        return (data.subdata(in: start..<min(data.count, start + max(0, count))), data.count)
    }

    public func readRegularFile(_ path: String, limit: Int) throws -> Data {
        guard kind(of: path) == .file else { throw FileSystemError(path: path, reason: "is not a regular file") }
        let data = try read(path)
        guard data.count <= limit else {
            throw FileSystemError(path: path, reason: "is \(data.count) bytes, over the limit of \(limit)")
        }
        return data
    }

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
        try entriesRecursively(path, withExtension: ext, of: .file)
    }

    /// The symbolic links under `path` (never followed), relative to it: what `filesRecursively` leaves out.
    public func linksRecursively(_ path: String, withExtension ext: String? = nil) throws -> [String] {
        try entriesRecursively(path, withExtension: ext, of: .symlink)
    }

    private func entriesRecursively(_ path: String, withExtension ext: String?, of wanted: FileKind) throws -> [String] {
        var found: [String] = []
        func walk(_ relative: String) throws {
            let absolute = relative.isEmpty ? path : path + "/" + relative
            for name in try contentsOfDirectory(absolute).sorted() where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : relative + "/" + name
                switch kind(of: path + "/" + child) {
                case .directory: try walk(child)
                case wanted?:
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

    public func listEntries(_ path: String) throws -> DirectoryListing {
        let fd = Self.openQuietly(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0, let directory = fdopendir(fd) else {
            if fd >= 0 { close(fd) }
            throw FileSystemError(path: path, reason: "cannot list this folder")
        }
        defer { closedir(directory) }
        var listing = DirectoryListing(names: [])
        while let entry = readdir(directory) {
            let bytes: [UInt8] = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if bytes == [46] || bytes == [46, 46] { continue }
            if let name = String(validating: bytes, as: UTF8.self) {
                listing.names.append(name)
            } else {
                listing.undecodable.append(bytes.map { $0 < 128 && $0 != 37 ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }.joined())
            }
        }
        listing.names.sort()
        listing.undecodable.sort()
        return listing
    }

    /// Opens `path` for reading without following a link, and only when it is a regular file.
    private static func openRegular(_ path: String) throws -> (fd: Int32, info: stat) {
        let fd = openQuietly(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let reason = errno == ELOOP ? "is a symbolic link" : "cannot be read"
            throw FileSystemError(path: path, reason: reason)
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw FileSystemError(path: path, reason: "is not a regular file")
        }
        return (fd, info)
    }

    public func readRegularFile(_ path: String, limit: Int) throws -> Data {
        let (fd, info) = try Self.openRegular(path)
        defer { close(fd) }
        guard Int(info.st_size) <= limit else {
            throw FileSystemError(path: path, reason: "is \(info.st_size) bytes, over the limit of \(limit)")
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while data.count <= limit {
            let count = buffer.withUnsafeMutableBytes { Self.readBytes(fd, $0.baseAddress, 65536) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        guard data.count <= limit else {
            throw FileSystemError(path: path, reason: "grew past the limit of \(limit) bytes while read")
        }
        return data
    }

    public func readRegularChunk(_ path: String, offset: Int, count: Int) throws -> (data: Data, size: Int) {
        let (fd, info) = try Self.openRegular(path)
        defer { close(fd) }
        let size = Int(info.st_size)
        guard offset < size, count > 0, lseek(fd, off_t(offset), SEEK_SET) >= 0 else { return (Data(), size) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while data.count < count {
            let want = min(65536, count - data.count)
            let got = buffer.withUnsafeMutableBytes { Self.readBytes(fd, $0.baseAddress, want) }
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { break }
            data.append(contentsOf: buffer[0..<got])
        }
        return (data, size)
    }

    private static func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(fd, buffer, count)
        #else
        return Darwin.read(fd, buffer, count)
        #endif
    }

    public func copyFile(_ source: String, to destination: String) throws {
        let temporary = destination + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do {
            try FileManager.default.copyItem(atPath: source, toPath: temporary)
        } catch {
            throw FileSystemError(path: source, reason: "cannot be copied to \(destination)")
        }
        guard rename(temporary, destination) == 0 else {
            unlink(temporary)
            throw FileSystemError(path: destination, reason: "cannot be replaced")
        }
    }

    /// Opens without touching the access time where the system allows it.
    private static func openQuietly(_ path: String, _ flags: Int32) -> Int32 {
        #if os(Linux)
        let noAccessTime: Int32 = 0o1000000  // O_NOATIME
        let fd = open(path, flags | noAccessTime)
        if fd >= 0 || errno != EPERM { return fd }
        #endif
        return open(path, flags)
    }

    public func withExclusiveLock<T>(_ path: String, _ body: () throws -> T) rethrows -> T {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty { try? createDirectory(directory) }
        // Close-on-exec: a test program the check starts must never hold the build lock.
        let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
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
