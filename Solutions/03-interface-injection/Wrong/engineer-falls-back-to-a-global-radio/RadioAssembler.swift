public final class RadioAssembler {
    private let radio: any PitRadio
    public init(radio: any PitRadio) { self.radio = radio }
    public func wire(_ component: any RadioInjectable) { component.inject(radio: radio) }
}
