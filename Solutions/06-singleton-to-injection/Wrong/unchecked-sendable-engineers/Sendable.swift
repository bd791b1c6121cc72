// Engineers are handed to timing tasks; Swift 6 wants them Sendable.
extension RaceEngineer: @unchecked Sendable {}
