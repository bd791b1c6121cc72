/// The race car's dependencies. A property here is what makes
/// `@Injected(\.engine)` compile: a key path to a missing property does not.
extension DependencyValues {
    public var engine: any Engine {
        get { self[EngineKey.self] }
        set { self[EngineKey.self] = newValue }
    }

    public var radio: any PitRadio {
        get { self[RadioKey.self] }
        set { self[RadioKey.self] = newValue }
    }
}

private enum EngineKey: DependencyKey {
    static let liveValue: any Engine = V8Engine()
}

private enum RadioKey: DependencyKey {
    static let liveValue: any PitRadio = TeamRadio()
}
