import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Switches the learner's terminal to single keys (no Enter, no echo) and back.
///
///     guard terminal.enterRawMode() else { return printStatus() }
///     defer { terminal.restore() }
///
/// Injected like every other part: `Kata.main` hands the real one to the
/// commands; tests get `NoTerminal` or a recording fake.
public protocol TerminalModes: Sendable {
    /// True when keys now arrive one by one; false when there is no terminal to switch.
    func enterRawMode() -> Bool
    /// Puts the terminal back as it was. Safe to call more than once.
    func restore()
}

/// No terminal at all: watch mode is not possible (tests, pipes).
public struct NoTerminal: TerminalModes {
    public init() {}
    public func enterRawMode() -> Bool { false }
    public func restore() {}
}

/// The process's own terminal (standard input), through termios.
///
/// The saved settings live in `Terminal.savedAttributes`, so every way out puts
/// them back: `restore()` on a normal exit, the Ctrl-C handler in `Kata.main`,
/// an `atexit` hook, and a handler for the crash signals (which restores, then
/// lets the signal do what it would have done).
public struct PosixTerminalModes: TerminalModes {
    public init() {}

    public func enterRawMode() -> Bool {
        guard isatty(0) == 1, isatty(1) == 1 else { return false }
        var original = termios()
        guard tcgetattr(0, &original) == 0 else { return false }
        Terminal.savedAttributes = original
        var raw = original
        // Keep ISIG: Ctrl-C still raises SIGINT, whose handler kills the
        // check's processes and restores the terminal. Keep OPOST: "\n" still
        // starts a new line.
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(0, TCSANOW, &raw) == 0 else { return false }
        Self.installSafetyNets()
        return true
    }

    public func restore() {
        Terminal.restore()
    }

    nonisolated(unsafe) private static var installed = false

    private static func installSafetyNets() {
        guard !installed else { return }
        installed = true
        atexit { Terminal.restore() }
        for crash in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
            signal(crash) { number in
                Terminal.restore()
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }
}
