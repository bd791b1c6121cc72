/// The track's timing system, as the team's software reaches it. Asked for a
/// driver, it answers with the driver's lap times in milliseconds, separated
/// by commas (`"91234,90876,92001"`), or throws a `TimingError`. It is slow
/// and it sometimes times out. You do not change this file.
public protocol TimingFeed {
    func answer(for driver: String) throws -> String
}
