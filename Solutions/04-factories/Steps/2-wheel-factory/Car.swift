/// A car that can take a place on the starting grid.
///
/// Why it hurts: `init()` is a requirement, because `StartingGrid` builds
/// every car by calling `init()` on its type. So no car may need anything to
/// be built: each one has to invent its own values.
public protocol Car: AnyObject {
    init()
    /// A short description shown on the grid.
    var badge: String { get }
}
