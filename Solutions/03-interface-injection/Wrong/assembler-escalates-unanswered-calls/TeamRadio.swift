/// The team's radio set: real hardware with a battery, encryption, channels
/// and firmware. You do not change this file.
///
/// Every `TeamRadio` ever made is counted in `instancesMade`: the tests use
/// the count as a tripwire, to prove that code handed another radio never
/// builds one of these.
public final class TeamRadio {
    nonisolated(unsafe) public private(set) static var instancesMade = 0

    public private(set) var frequency: Double
    public private(set) var isPoweredOn = true
    public private(set) var batteryLevel = 100
    public private(set) var encryptionKey: String?
    public private(set) var firmwareVersion = "4.2.0"
    /// Every message this radio has sent, oldest first.
    public private(set) var transmissions: [String] = []

    public init(frequency: Double = 121.5) {
        self.frequency = frequency
        Self.instancesMade += 1
    }

    public func powerOn() { isPoweredOn = true }
    public func powerOff() { isPoweredOn = false }
    public func tune(to frequency: Double) { self.frequency = frequency }
    public func scanChannels() -> [Double] { [118.0, 121.5, 124.25] }
    public func encrypt(with key: String) { encryptionKey = key }
    public func updateFirmware(to version: String) { firmwareVersion = version }
    public func chargeBattery() { batteryLevel = 100 }

    /// Sends a message to the driver; `true` when the driver acknowledges.
    public func send(_ message: String) -> Bool {
        guard isPoweredOn, batteryLevel > 0 else { return false }
        transmissions.append(message)
        batteryLevel -= 1
        return true
    }
}
