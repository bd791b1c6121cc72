/// Wrong on purpose: wire(_:) takes any RadioInjectable, but the old
/// overload for RaceEngineer is kept "for the pit wall code" and reaches into it.
public final class RadioAssembler {
    private let radio: any PitRadio
    public init(radio: any PitRadio) { self.radio = radio }
    public func wire(_ component: any RadioInjectable) { component.inject(radio: radio) }
    /// Kept for the pit wall code.
    public func wire(_ engineer: RaceEngineer) { engineer.radio = radio }
}
