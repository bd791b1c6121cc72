/// Wants to hear about every lap recorded on a track (a team's pit wall, a
/// results screen). You do not change this file.
public protocol RaceTrackDelegate: AnyObject {
    func raceTrack(_ track: RaceTrack, didRecordLapOf driver: String, milliseconds: Int)
}
