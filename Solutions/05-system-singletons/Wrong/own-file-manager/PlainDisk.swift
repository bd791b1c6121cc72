/// Wrong on purpose: not FileManager.default, but a FileManager all the same:
/// a second disk wrapper outside FileSystem.swift that a test cannot replace.
import Foundation
struct PlainDisk: FileSystem {
    let manager: FileManager
    func contents(atPath path: String) -> String? { manager.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } }
    func write(_ text: String, toPath path: String) throws { _ = manager.createFile(atPath: path, contents: Data(text.utf8)) }
}
