/// Hands the team radio to the crew on the pit wall.
///
/// Why it hurts: it only holds a concrete `TeamRadio`, and it needs one
/// `wire` overload per crew member type, each reaching into that type's
/// internals. A new crew member means a new overload here.
public final class RadioAssembler {
    private let radio: TeamRadio

    public init(radio: TeamRadio) {
        self.radio = radio
    }

    /// Gives the radio to an engineer.
    public func wire(_ engineer: RaceEngineer) {
        engineer.radio = radio
    }
}
