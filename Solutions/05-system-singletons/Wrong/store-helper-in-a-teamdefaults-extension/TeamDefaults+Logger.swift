/// Wrong on purpose: LapLogger is clean, but a helper added to TeamDefaults
/// in another file still builds a logger on the shared store.
extension TeamDefaults {
    /// The logger the app used before: the team's own store.
    public static func lapLogger() -> LapLogger {
        LapLogger(clock: SystemTime(), fileSystem: DiskFileSystem(), store: TeamDefaults.standard, random: SystemRandom())
    }
}
