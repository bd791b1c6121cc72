/// Wrong on purpose: a helper added to PitCrew in another file hands out the
/// singleton under a new name, and a kept init uses it as a default.
extension PitCrew {
    /// The crew everyone used before.
    public static var pitLane: PitCrew { PitCrew.shared }
}
