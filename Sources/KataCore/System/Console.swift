import Foundation

/// Where the runner's words go, and what it knows of the screen.
///
///     console.write(style.green("✔") + " all tests pass\n")
public protocol Console: Sendable {
    func write(_ text: String)
    func writeError(_ text: String)
    /// True when standard output is a terminal a person is looking at.
    var isInteractive: Bool { get }
    /// Columns of the terminal, or nil when not a terminal.
    var width: Int? { get }
    /// Rows of the terminal, or nil when not a terminal (or not known).
    var height: Int? { get }
    /// One key press (raw mode), or nil at end of input or after `timeout` seconds.
    func readKey(timeout: Double) -> String?
    /// One line typed by the user, or nil at end of input.
    func readLine() -> String?
}

extension Console {
    public var height: Int? { nil }
}

/// The process's own standard streams.
public final class StandardConsole: Console, @unchecked Sendable {
    private let lock = NSLock()

    public init() {}

    public func write(_ text: String) {
        lock.withLock { FileHandle.standardOutput.write(Data(text.utf8)) }
    }

    public func writeError(_ text: String) {
        lock.withLock { FileHandle.standardError.write(Data(text.utf8)) }
    }

    public var isInteractive: Bool { isatty(1) == 1 }

    public var width: Int? {
        guard isatty(1) == 1 else { return nil }
        var size = winsize()
        #if canImport(Darwin)
        let request = UInt(TIOCGWINSZ)
        #else
        let request = UInt(TIOCGWINSZ)
        #endif
        guard ioctl(1, request, &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    public var height: Int? {
        guard isatty(1) == 1 else { return nil }
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
        return Int(size.ws_row)
    }

    public func readKey(timeout: Double) -> String? {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(timeout * 1000))
        // A signal arriving during the wait (a resize, a child ending) is not the end of input.
        guard ready > 0 else { return ready == 0 || errno == EINTR ? "" : nil }
        var byte: UInt8 = 0
        let count = read(0, &byte, 1)
        guard count == 1 else { return count < 0 && errno == EINTR ? "" : nil }
        return String(UnicodeScalar(byte))
    }

    public func readLine() -> String? {
        Swift.readLine()
    }
}
