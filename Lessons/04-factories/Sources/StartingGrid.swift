/// Lines up the cars registered for a race.
///
/// Why it hurts: cars are registered by their type ("class registration"),
/// and the grid can only build them one way, with `init()`. A car that needs
/// a top speed or a seat setting cannot say so.
public final class StartingGrid {
    private let carTypes: [any Car.Type]

    public init(carTypes: [any Car.Type]) {
        self.carTypes = carTypes
    }

    /// Builds one new car for every registered entry, in order.
    public func lineUp() -> [any Car] {
        carTypes.map { $0.init() }
    }
}
