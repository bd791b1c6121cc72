/// Hands the team radio to the crew on the pit wall.
///
/// Step 1: it holds any `PitRadio`, and `wire(_:)` hands it to any crew
/// member through the injector protocol. The old overload for `RaceEngineer`
/// stays as a forwarding shim while callers move.
public final class RadioAssembler {
    private let radio: any PitRadio

    public init(radio: any PitRadio) {
        self.radio = radio
    }

    /// Gives the radio to a crew member, through the injector protocol.
    public func wire(_ component: any RadioInjectable) {
        component.inject(radio: radio)
    }

    /// The old way in, kept while callers move: it forwards to `wire(_:)` for any crew member.
    public func wire(_ engineer: RaceEngineer) {
        wire(engineer as any RadioInjectable)
    }
}
