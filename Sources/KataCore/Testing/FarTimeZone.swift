/// The time zone every test program runs in: far from UTC, and off the hour (UTC+05:45), so code that formats or
/// reads the time in the machine's own zone shows it on every machine, not only on those set away from UTC.
public enum FarTimeZone {
    /// The value of `TZ` for a test program.
    public static let identifier = "Asia/Kathmandu"
    /// The zone's file, which a program in the grader's sandbox needs mounted to read the zone (without it the
    /// program would run in UTC).
    public static let file = "/usr/share/zoneinfo/Asia/Kathmandu"

    /// `environment` with `TZ` set.
    public static func applied(to environment: [String: String]) -> [String: String] {
        var environment = environment
        environment["TZ"] = identifier
        return environment
    }
}
