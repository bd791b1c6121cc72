// swift-tools-version:6.0
//
// DI Kata's package. With no environment set it holds the runner and the
// runner's own tests, so `swift test` never depends on a learner's half-done
// lesson. An editor (or `kata check --builder swiftpm`) can add one lesson:
//
//     KATA_LESSON=01-constructor-injection swift test
//     KATA_LESSON=01-constructor-injection KATA_VARIANT=Solutions swift test
//
// The lesson's module name comes from its `lesson.json`.
import Foundation
import PackageDescription

var targets: [Target] = [
    .target(name: "KataCore"),
    .executableTarget(name: "kata", dependencies: ["KataCore"]),
    .testTarget(name: "KataCoreTests", dependencies: ["KataCore"]),
    .testTarget(name: "KataIntegrationTests", dependencies: ["KataCore", "kata"]),
]

let environment = ProcessInfo.processInfo.environment
if let lesson = environment["KATA_LESSON"], !lesson.isEmpty {
    // KATA_LESSON_ONLY=1 leaves the runner out: `kata check --builder swiftpm` builds just the lesson.
    if environment["KATA_LESSON_ONLY"] == "1" { targets = [] }
    let variant = environment["KATA_VARIANT"] ?? "Lessons"
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let metadataURL = root.appendingPathComponent("Lessons/\(lesson)/lesson.json")
    guard let data = try? Data(contentsOf: metadataURL),
          let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
          let module = object["module"] as? String
    else {
        fatalError("KATA_LESSON=\(lesson): no readable Lessons/\(lesson)/lesson.json with a \"module\" field")
    }
    // Hidden tests are graded, not handed out: left out unless asked for.
    let hidden = environment["KATA_WITH_HIDDEN_TESTS"] == "1" ? [] : (object["hidden_tests"] as? [String] ?? [])
    targets.append(.target(name: module, path: "\(variant)/\(lesson)/Sources"))
    targets.append(.testTarget(
        name: "\(module)Tests",
        dependencies: [.target(name: module)],
        path: "Tests/Lessons/\(lesson)",
        exclude: hidden
    ))
}

let package = Package(
    name: "DIKata",
    platforms: [.macOS(.v13)],
    products: targets.contains { $0.name == "kata" } ? [.executable(name: "kata", targets: ["kata"])] : [],
    targets: targets
)
