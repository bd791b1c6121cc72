/// A composite: one log on the outside, several inside. Each line written to
/// it is written to every log it holds, once, in the order they were given.
public final class CompositeLog: TimingLog {
    private let logs: [any TimingLog]

    /// A log given twice is still one log: it is kept once, where it first came.
    public init(logs: [any TimingLog]) {
        var seen: Set<ObjectIdentifier> = []
        self.logs = logs.filter { seen.insert(ObjectIdentifier($0 as AnyObject)).inserted }
    }

    public func write(_ line: String) {
        for log in logs {
            log.write(line)
        }
    }
}
