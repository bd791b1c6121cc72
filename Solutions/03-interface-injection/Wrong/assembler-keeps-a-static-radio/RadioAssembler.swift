/// Wrong on purpose: the assembler keeps its radio in a static, so every
/// assembler hands out the radio of the last one built. It compiles against
/// the tests; the tests must reject it.
public final class RadioAssembler {
    nonisolated(unsafe) private static var radio: (any PitRadio)?

    public init(radio: any PitRadio) {
        Self.radio = radio
    }

    public func wire(_ component: any RadioInjectable) {
        if let radio = Self.radio {
            component.inject(radio: radio)
        }
    }
}
