/// Wrong on purpose: wire(_:) accepts any RadioInjectable, but only wires
/// the crew members it knows by their concrete type. It compiles against the
/// tests; the tests must reject it.
public final class RadioAssembler {
    private let radio: any PitRadio

    public init(radio: any PitRadio) {
        self.radio = radio
    }

    public func wire(_ component: any RadioInjectable) {
        if let engineer = component as? RaceEngineer {
            engineer.inject(radio: radio)
        }
    }
}
