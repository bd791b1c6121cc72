/// Wrong on purpose: the assembler does not hand over the radio it was given.
/// It wraps it in a `LoudRadio` that, when the driver does not answer, sends
/// the message a second time marked "URGENT". A call nobody answers goes out
/// twice. It compiles against the tests; the tests must reject it.
public final class RadioAssembler {
    private let radio: any PitRadio

    public init(radio: any PitRadio) {
        self.radio = LoudRadio(base: radio)
    }

    /// Gives the radio to a crew member, through the injector protocol.
    public func wire(_ component: any RadioInjectable) {
        component.inject(radio: radio)
    }
}

/// Sends once more, louder, when the first try gets no answer.
struct LoudRadio: PitRadio {
    let base: any PitRadio

    func send(_ message: String) -> Bool {
        base.send(message) || base.send("URGENT: " + message)
    }
}
