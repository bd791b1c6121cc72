public protocol RadioInjectable: AnyObject { func inject(radio: any PitRadio) }
