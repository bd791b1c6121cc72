/// A file the compiler cannot parse: it never takes the others down.
public final class Ledger {
    public func add( {
        _ = 1
    }
}
