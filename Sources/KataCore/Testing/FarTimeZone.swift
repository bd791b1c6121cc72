/// The time zone every test program runs in: far from UTC, and off the hour (UTC+05:45), so code that formats or
/// reads the time in the machine's own zone shows it on every machine, not only on those set away from UTC.
public enum FarTimeZone {
    /// The value of `TZ` for a test program.
    public static let identifier = "Asia/Kathmandu"
    /// The zone's own file.
    public static let file = "/usr/share/zoneinfo/Asia/Kathmandu"
    /// The zone database Foundation reads the zone from, mounted whole and read-only into the grader's sandbox: with
    /// `TZ` set and only the zone's file there, Foundation stops the program before any test.
    public static let folder = "/usr/share/zoneinfo"

    /// `environment` with `TZ` set.
    public static func applied(to environment: [String: String]) -> [String: String] {
        var environment = environment
        environment["TZ"] = identifier
        return environment
    }
}
