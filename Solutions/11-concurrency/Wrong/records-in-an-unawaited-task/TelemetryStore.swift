public protocol TelemetryStore: Sendable {
    func record(_ lap: Lap) async
    func laps() async -> [Lap]
}
