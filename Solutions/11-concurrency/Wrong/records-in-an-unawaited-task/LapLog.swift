public actor LapLog: TelemetryStore {
    private var stored: [Lap] = []
    public init() {}
    public func record(_ lap: Lap) { stored.append(lap) }
    public func laps() -> [Lap] { stored }
}
