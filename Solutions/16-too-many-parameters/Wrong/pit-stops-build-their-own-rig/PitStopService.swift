/// The rig in the team's garage.
public final class GarageFuelRig: FuelSupplier {
    public init() {}
    public func pump(litres: Int) {
        print("pumping \(litres) L")
    }
}

/// A pit stop, start to finish: the car's fuel rig and tyre allocation,
/// and the order the regulations ask for.
public final class PitStopService {
    private let tyres: any TyreSupplier
    private let fuel: any FuelSupplier

    public init(tyres: any TyreSupplier, fuel: any FuelSupplier = GarageFuelRig()) {
        self.tyres = tyres
        self.fuel = fuel
    }

    public func serve(fitting compound: Compound, litres: Int) {
        if litres > 0 {
            fuel.pump(litres: litres)
        }
        tyres.fit(compound)
    }
}
