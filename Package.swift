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

let environment = ProcessInfo.processInfo.environment
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

var targets: [Target] = [
    .target(name: "KataCore"),
    .executableTarget(name: "kata", dependencies: ["KataCore"]),
]
// The runner's own tests, where they were shipped: the Gradescope zip carries
// only the runner's sources, and builds `kata` without them.
for (name, dependencies) in [("KataCoreTests", ["KataCore"]), ("KataIntegrationTests", ["KataCore", "kata"])]
    where FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent("Tests/\(name)").path) {
    targets.append(.testTarget(name: name, dependencies: dependencies.map { .byName(name: $0) }))
}

if let lesson = environment["KATA_LESSON"], !lesson.isEmpty {
    // KATA_LESSON_ONLY=1 leaves the runner out: `kata check --builder swiftpm` builds just the lesson.
    if environment["KATA_LESSON_ONLY"] == "1" { targets = [] }
    let variant = environment["KATA_VARIANT"] ?? "Lessons"
    let metadataURL = packageRoot.appendingPathComponent("Lessons/\(lesson)/lesson.json")
    guard let data = try? Data(contentsOf: metadataURL),
          let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
          let module = object["module"] as? String
    else {
        fatalError("KATA_LESSON=\(lesson): no readable Lessons/\(lesson)/lesson.json with a \"module\" field")
    }
    let sources = packageRoot.appendingPathComponent("\(variant)/\(lesson)/Sources").path
    guard FileManager.default.fileExists(atPath: sources) else {
        fatalError(variant == "Solutions"
            ? "KATA_VARIANT=Solutions: there is no Solutions/\(lesson)/Sources here (a student handout has no reference solutions; the instructor kept them)"
            : "KATA_LESSON=\(lesson): there is no \(variant)/\(lesson)/Sources folder")
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
