/// Wrong on purpose: the delegate is weak, but it lives in one global
/// variable, so every track tells the same delegate: the last one set.
nonisolated(unsafe) weak var trackDelegate: (any RaceTrackDelegate)?
