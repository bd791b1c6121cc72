public protocol RadioInjectable: AnyObject { func inject(radio: any PitRadio) }

/// The pit wall's radio, for crew members nobody wired yet. Set once at launch.
nonisolated(unsafe) public var pitWallRadio: (any PitRadio)?
