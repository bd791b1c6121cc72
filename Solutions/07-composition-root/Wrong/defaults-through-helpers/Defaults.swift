extension Engine {
    /// A brand-new engine off the line.
    public static func fresh() -> Engine { Engine() }
}

/// The factory a garage uses when it is not given one.
public func standardDetailFactory() -> any DetailScreenFactory { DependencyContainer() }
