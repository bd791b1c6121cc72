/// The injector interface: a crew member that needs a radio says so by
/// adopting this protocol. An assembler can then hand a radio to any of
/// them without knowing their concrete types.
public protocol RadioInjectable: AnyObject {
    func inject(radio: any PitRadio)
}
