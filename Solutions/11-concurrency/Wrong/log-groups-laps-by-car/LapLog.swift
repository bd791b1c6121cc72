/// Wrong on purpose: the log groups laps by car (to make a car's laps quick
/// to find), so `laps()` no longer returns them in the order they were
/// recorded, which `TelemetryStore` promises. It keeps every lap and is safe
/// to share; the tests must still reject it.
public actor LapLog: TelemetryStore {
    private var byCar: [Int: [Lap]] = [:]

    public init() {}

    public func record(_ lap: Lap) {
        byCar[lap.car, default: []].append(lap)
    }

    public func laps() -> [Lap] {
        byCar.keys.sorted().flatMap { byCar[$0] ?? [] }
    }
}
