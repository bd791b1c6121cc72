/// Lets a test (or the pit lane) swap the parts every car gets.
public enum PitLane {
    nonisolated(unsafe) public static var wheelOverride: (() -> Wheel)?
    nonisolated(unsafe) public static var extinguisherOverride: (() -> FireExtinguisher)?
}
