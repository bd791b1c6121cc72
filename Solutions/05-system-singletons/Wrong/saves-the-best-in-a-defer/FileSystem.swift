import Foundation

/// Reads and writes whole text files. You do not change this file.
public protocol FileSystem {
    /// The text of the file at `path`, or `nil` when there is no such file.
    func contents(atPath path: String) -> String?
    /// Replaces the file at `path` with `text` (creating it when needed).
    func write(_ text: String, toPath path: String) throws
}

/// Why writing a log can fail.
public enum LapLogError: Error, Equatable {
    case cannotWrite(String)
}

/// The real disk: a thin wrapper around `FileManager.default`.
public struct DiskFileSystem: FileSystem {
    public init() {}

    public func contents(atPath path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    public func write(_ text: String, toPath path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw LapLogError.cannotWrite(path)
        }
    }
}
