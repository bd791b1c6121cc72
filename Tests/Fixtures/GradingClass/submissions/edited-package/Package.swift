// swift-tools-version:6.0
import Foundation
import PackageDescription
// A manifest is code: this one would leave a mark if anyone ran it.
FileManager.default.createFile(atPath: "/tmp/kata-grade-manifest-ran", contents: Data("ran".utf8))
let package = Package(name: "Cheat", targets: [])
