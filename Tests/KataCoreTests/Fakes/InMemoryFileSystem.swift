import Foundation
@testable import KataCore

/// A file system in a dictionary: what the unit tests hand the runner.
final class InMemoryFileSystem: FileSystem, @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: Data] = [:]
    private var directories: Set<String> = ["/"]
    private var dates: [String: Date] = [:]
    private(set) var writes: [String] = []

    init(_ files: [String: String] = [:]) {
        for (path, text) in files { add(path, text) }
    }

    func add(_ path: String, _ text: String, date: Date = Date(timeIntervalSince1970: 0)) {
        lock.withLock {
            files[path] = Data(text.utf8)
            dates[path] = date
            addParents(of: path)
        }
    }

    func text(_ path: String) -> String? {
        lock.withLock { files[path].map { String(decoding: $0, as: UTF8.self) } }
    }

    var allFiles: [String] { lock.withLock { files.keys.sorted() } }

    private func addParents(of path: String) {
        var parent = (path as NSString).deletingLastPathComponent
        while !parent.isEmpty && parent != "/" {
            directories.insert(parent)
            parent = (parent as NSString).deletingLastPathComponent
        }
    }

    func kind(of path: String) -> FileKind? {
        lock.withLock {
            if files[path] != nil { return .file }
            if directories.contains(path) { return .directory }
            return nil
        }
    }

    func contentsOfDirectory(_ path: String) throws -> [String] {
        try lock.withLock {
            guard directories.contains(path) else { throw FileSystemError(path: path, reason: "cannot list this folder") }
            let prefix = path == "/" ? "/" : path + "/"
            let children = (Array(files.keys) + Array(directories)).filter { $0.hasPrefix(prefix) && $0 != path }
                .map { String($0.dropFirst(prefix.count).split(separator: "/").first ?? "") }
            return Array(Set(children)).sorted()
        }
    }

    func read(_ path: String) throws -> Data {
        try lock.withLock {
            guard let data = files[path] else { throw FileSystemError(path: path, reason: "does not exist") }
            return data
        }
    }

    func writeAtomically(_ data: Data, to path: String) throws {
        try lock.withLock {
            // As on a disk: a file cannot take the place of a folder.
            if directories.contains(path) { throw FileSystemError(path: path, reason: "a folder is there") }
            files[path] = data
            dates[path] = Date()
            writes.append(path)
            addParents(of: path)
        }
    }

    func createDirectory(_ path: String) throws {
        lock.withLock {
            directories.insert(path)
            addParents(of: path)
        }
    }

    func remove(_ path: String) throws {
        lock.withLock {
            files[path] = nil
            directories.remove(path)
            for key in files.keys where key.hasPrefix(path + "/") { files[key] = nil }
            directories = directories.filter { !$0.hasPrefix(path + "/") }
        }
    }

    func move(_ source: String, to destination: String) throws {
        try lock.withLock {
            if let data = files.removeValue(forKey: source) {
                files[destination] = data
                addParents(of: destination)
                return
            }
            // A folder moves with everything in it, as rename(2) moves it.
            guard directories.contains(source) else { throw FileSystemError(path: source, reason: "does not exist") }
            guard !directories.contains(destination) && files[destination] == nil else { throw FileSystemError(path: destination, reason: "exists") }
            let prefix = source + "/"
            for path in files.keys where path.hasPrefix(prefix) {
                let moved = destination + "/" + path.dropFirst(prefix.count)
                files[moved] = files.removeValue(forKey: path)
                dates[moved] = dates.removeValue(forKey: path)
                addParents(of: moved)
            }
            for folder in directories where folder == source || folder.hasPrefix(prefix) {
                directories.remove(folder)
                directories.insert(destination + folder.dropFirst(source.count))
            }
            addParents(of: destination)
        }
    }

    private(set) var locks: [String] = []

    func withExclusiveLock<T>(_ path: String, _ body: () throws -> T) rethrows -> T {
        lock.withLock { locks.append(path) }
        return try body()
    }

    func modificationDate(_ path: String) -> Date? {
        lock.withLock { dates[path] }
    }
}
