import Foundation

/// A value computed on another thread while the caller goes on; `value` waits for it.
///
///     let key = Later { hash(testFiles) }   // starts now
///     compile()                             // meanwhile
///     use(key.value)                        // waits only if the hash is not done yet
final class Later<Value>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Value?

    init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async { [self] in
            result = work()
            done.signal()
        }
    }

    /// Waits for the value (later calls return at once).
    var value: Value {
        done.wait()
        done.signal()
        return result!
    }
}
