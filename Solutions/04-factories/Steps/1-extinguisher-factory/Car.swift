/// A car that can take a place on the starting grid.
///
/// No initializer is required: the grid is given a factory closure per car,
/// so each car type keeps whatever initializer it needs.
public protocol Car: AnyObject {
    /// A short description shown on the grid.
    var badge: String { get }
}

/// The old requirement, `init()`, kept apart while callers still register
/// types with `StartingGrid(carTypes:)`. It goes once none does.
public protocol DefaultInitializableCar: Car {
    init()
}
