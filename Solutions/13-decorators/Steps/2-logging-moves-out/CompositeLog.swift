/// A composite: one log on the outside, several inside. Each line written to
/// it is written to every log it holds, once, in the order they were given.
public final class CompositeLog: TimingLog {
    private let logs: [any TimingLog]

    public init(logs: [any TimingLog]) {
        self.logs = logs
    }

    public func write(_ line: String) {
        for log in logs {
            log.write(line)
        }
    }
}
