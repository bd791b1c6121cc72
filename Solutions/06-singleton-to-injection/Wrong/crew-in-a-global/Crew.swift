/// Wrong on purpose: RaceTeam hands the crew in, but the crew is a global
/// in another file: a new singleton under another name.
nonisolated(unsafe) let teamCrew = PitCrew(tyreSets: 4)
