public final class StartingGrid {
    public init(factories: [() -> any Car]) { registeredFactories = factories }
    public func lineUp() -> [any Car] { registeredFactories.map { $0() } }
}
