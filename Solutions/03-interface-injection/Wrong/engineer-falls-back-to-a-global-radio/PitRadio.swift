public protocol PitRadio { func send(_ message: String) -> Bool }
extension TeamRadio: PitRadio {}
