enum EngineKey: DependencyKey { static let liveValue: any Engine = V8Engine() }
enum RadioKey: DependencyKey { static let liveValue: any PitRadio = TeamRadio() }
extension DependencyValues {
    public var engine: any Engine { get { self[EngineKey.self] } set { self[EngineKey.self] = newValue } }
    public var radio: any PitRadio { get { self[RadioKey.self] } set { self[RadioKey.self] = newValue } }
}
