// How many laps the fake holds in all (for a summary screen).

extension InMemoryLapStore {
    var lapCount: Int { lines.count }
}
