import Foundation

protocol Engine { func start() }

final class V8Engine: Engine {
    static let shared = V8Engine()
    func start() {}
}

struct Cache<Value> { var items: [String: Value] = [:] }

var counter = 0

enum Garage {
    struct Box<T> { let value: T }
    static var log: [String] = []
}

actor Ledger { var entries = 0 }

@propertyWrapper struct Clamped { var wrappedValue: Int }

final class Car {
    let engine: Engine
    private var cache = Cache<Int>()
    let box = Garage.Box<Int>(value: 1)
    @Clamped var speed: Int = 0
    lazy var clock: () -> Date = { Date() }
    static var made = 0

    init(engine: Engine = V8Engine.shared, session: URLSession = .shared) {
        self.engine = engine
        Car.made += 1
    }

    convenience init() {
        self.init(engine: V8Engine())
    }

    var name: String {
        get { "car \(counter) \u{1F697}" }
        set { counter += 1 }
    }

    subscript(index: Int) -> Int { Int.random(in: 0..<index) }

    func drive(to place: String = "home") -> Cache<String> {
        defer { Garage.log.append("drove") }
        let now = Date()
        let roll = Bool.random()
        UserDefaults.standard.set(place, forKey: "last")
        if roll { print(now) } else { NotificationCenter.default.post(name: .init("x"), object: nil) }
        for step in [1, 2, 3] where step > 1 { counter += step }
        engine.start()
        _ = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)
        return Cache<String>()
    }

    deinit { counter -= 1 }
}

extension Car {
    static func make() -> Car { Car(engine: V8Engine.shared) }
    func check() throws { _ = try JSONDecoder().decode([Int].self, from: Data("[1]".utf8)) }
}

#if DEBUG
let debugCar = Car()
#endif
