public enum RaceSession {
    @TaskLocal public static var id: String?
}
