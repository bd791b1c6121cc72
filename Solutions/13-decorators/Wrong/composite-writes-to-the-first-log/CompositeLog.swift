/// Holds several logs, writes to one.
public final class CompositeLog: TimingLog {
    private let logs: [any TimingLog]

    public init(logs: [any TimingLog]) {
        self.logs = logs
    }

    public func write(_ line: String) {
        logs.first?.write(line)
    }
}
