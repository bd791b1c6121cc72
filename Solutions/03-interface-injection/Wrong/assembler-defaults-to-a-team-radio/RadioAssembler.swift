/// Wrong on purpose: the assembler takes any PitRadio, but builds a real
/// TeamRadio when none is given: it still depends on the concrete radio.
public final class RadioAssembler {
    private let radio: any PitRadio
    public init(radio: any PitRadio = TeamRadio()) { self.radio = radio }
    public func wire(_ component: any RadioInjectable) { component.inject(radio: radio) }
}
