/// Measuring text the way a terminal draws it.
public enum TerminalText {
    /// Columns a string takes: East Asian wide characters take two.
    public static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            let value = scalar.value
            let wide = (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
                || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
                || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value) || (0xFFE0...0xFFE6).contains(value)
            return total + (wide ? 2 : 1)
        }
    }

    /// `text` followed by spaces up to `width` columns.
    public static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - columns(text)))
    }
}
