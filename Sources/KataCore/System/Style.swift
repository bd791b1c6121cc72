/// ANSI colors, or plain text when colors are off (`NO_COLOR`, `--no-color`, a pipe).
public struct Style: Sendable {
    public var enabled: Bool

    public init(enabled: Bool) { self.enabled = enabled }

    public func green(_ text: String) -> String { paint(text, "32") }
    public func red(_ text: String) -> String { paint(text, "31") }
    public func yellow(_ text: String) -> String { paint(text, "33") }
    public func cyan(_ text: String) -> String { paint(text, "36") }
    public func dim(_ text: String) -> String { paint(text, "2") }
    public func bold(_ text: String) -> String { paint(text, "1") }

    private func paint(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
