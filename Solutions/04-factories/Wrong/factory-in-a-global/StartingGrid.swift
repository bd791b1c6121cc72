public final class StartingGrid {
    private let factories: [() -> any Car]
    public init(factories: [() -> any Car]) { self.factories = factories }
    public func lineUp() -> [any Car] { factories.map { $0() } }
}
