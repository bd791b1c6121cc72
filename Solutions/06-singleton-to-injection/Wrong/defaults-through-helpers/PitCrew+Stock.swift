extension PitCrew {
    /// A crew with the team's usual stock of four tyre sets.
    public static func fullStock() -> PitCrew { PitCrew(tyreSets: 4) }
}

/// The pit lane's radio, for callers that have no radio of their own.
public func pitLaneRadio() -> any TeamRadio { PitLaneRadio() }
