import Foundation
import Testing
@testable import KataCore

@Suite("A module's surface: the declarations a lesson's tests could name")
struct ModuleSurfaceTests {
    /// A symbol graph as the compiler writes it, cut down to the fields the surface reads.
    func graph(_ symbols: [(path: [String], access: String, declaration: String)], conformances: [(String, String)] = []) -> Data {
        let entries = symbols.map { symbol -> [String: Any] in
            ["kind": ["identifier": "swift.method"], "identifier": ["precise": "s:" + symbol.path.joined(separator: ".")],
             "accessLevel": symbol.access, "pathComponents": symbol.path,
             "declarationFragments": [["kind": "text", "spelling": symbol.declaration]],
             "location": ["uri": "file:///anywhere/\(UUID().uuidString).swift", "position": ["line": Int.random(in: 1...99)]]]
        }
        let relationships = conformances.map { ["kind": "conformsTo", "source": "s:" + $0.0, "target": "s:" + $0.1] }
        return try! JSONSerialization.data(withJSONObject: ["symbols": entries, "relationships": relationships])
    }

    let tests = ModuleSurface.identifiers(in: ["let car = RaceCar(engine: engine)\n#expect(car.start() == \"vroom\") // topSpeed"])
    let base: [(path: [String], access: String, declaration: String)] = [
        (["RaceCar"], "public", "public final class RaceCar"),
        (["RaceCar", "init(engine:)"], "public", "public init(engine: any Engine)"),
        (["RaceCar", "start()"], "public", "public func start() -> String"),
    ]

    func surface(_ symbols: [(path: [String], access: String, declaration: String)], conformances: [(String, String)] = [], interface: String = "") -> String? {
        ModuleSurface.text(symbolGraphs: [("M.symbols.json", graph(symbols, conformances: conformances))], interface: interface, testIdentifiers: tests)
    }

    @Test("identifiers are read from the tests' text, numbers and punctuation left out")
    func identifiers() {
        #expect(tests.contains("RaceCar") && tests.contains("engine") && tests.contains("topSpeed") && tests.contains("expect"))
        #expect(!tests.contains("2") && !tests.contains("\""))
    }

    @Test("where the declarations were written, helpers the tests never name and private ones change nothing")
    func helpersAndPlaces() {
        let plain = surface(base)
        #expect(plain != nil)
        #expect(surface(base + [(["lapsSoFar()"], "internal", "func lapsSoFar() -> Int")]) == plain)
        #expect(surface(base + [(["RaceCar", "tune()"], "private", "private func tune()")]) == plain)
        #expect(surface(Array(base.reversed())) == plain)
    }

    @Test("a declaration the tests could reach, changed or added, changes the surface")
    func changes() {
        let plain = surface(base)
        // One more overload of a name the tests call, and a member of a type they name.
        #expect(surface(base + [(["RaceCar", "start(loud:)"], "public", "public func start(loud: Bool = true) -> String")]) != plain)
        #expect(surface(base + [(["RaceCar", "pitStop()"], "internal", "func pitStop()")]) != plain)
        // Another default value, another access, an operator, a conformance, another public interface.
        var other = base
        other[1].declaration = "public init(engine: any Engine = V8Engine.shared)"
        #expect(surface(other) != plain)
        other = base
        other[2].access = "internal"
        #expect(surface(other) != plain)
        #expect(surface(base + [(["==(_:_:)"], "internal", "static func == (a: Lap, b: Lap) -> Bool")]) != plain)
        #expect(surface(base + [(["Helper"], "internal", "struct Helper")], conformances: [("Helper", "Engine")]) != plain)
        #expect(surface(base, interface: "public var announcer: any Announcer { get }") != surface(base, interface: "public var announcer: any Announcer"))
    }

    @Test("an extension of another module's type counts, named or not; a graph that is not JSON gives no surface")
    func extensionsAndBadGraphs() {
        let plain = surface(base)
        let extended = ModuleSurface.text(symbolGraphs: [("M.symbols.json", graph(base)), ("M@Swift.symbols.json", graph([(["Int", "laps"], "internal", "var laps: Int")]))],
                                          interface: "", testIdentifiers: tests)
        #expect(extended != plain)
        #expect(ModuleSurface.text(symbolGraphs: [("M.symbols.json", Data("{".utf8))], interface: "", testIdentifiers: tests) == nil)
    }
}
