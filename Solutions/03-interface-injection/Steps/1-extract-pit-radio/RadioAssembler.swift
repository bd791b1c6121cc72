/// Hands the team radio to the crew on the pit wall.
///
/// Step 1: it holds any `PitRadio`, but still needs one `wire` overload per
/// crew member type.
public final class RadioAssembler {
    private let radio: any PitRadio

    public init(radio: any PitRadio) {
        self.radio = radio
    }

    /// Gives the radio to an engineer.
    public func wire(_ engineer: RaceEngineer) {
        engineer.radio = radio
    }
}
