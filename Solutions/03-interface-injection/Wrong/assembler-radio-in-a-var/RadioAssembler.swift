/// Hands one radio to every crew member that asks for one.
///
/// It knows two things only: a radio (through `PitRadio`) and the injector
/// protocol `RadioInjectable`. A new crew member needs no change here: it
/// adopts `RadioInjectable`, and `wire(_:)` works for it.
public final class RadioAssembler {
    private var radio: any PitRadio

    public init(radio: any PitRadio) {
        self.radio = radio
    }

    /// Gives the radio to a crew member, through the injector protocol.
    public func wire(_ component: any RadioInjectable) {
        component.inject(radio: radio)
    }
}
