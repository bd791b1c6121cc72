/// A pit stop, start to finish: the car's fuel rig and tyre allocation,
/// and the order the regulations ask for.
public final class PitStopService {
    private let tyres: any TyreSupplier
    private let fuel: any FuelSupplier

    public init(tyres: any TyreSupplier, fuel: any FuelSupplier) {
        self.tyres = tyres
        self.fuel = fuel
    }

    /// Fuel first, then tyres: nobody touches the wheels while fuel flows.
    /// With nothing to pump, the rig stays out of it.
    public func serve(fitting compound: Compound, litres: Int) {
        if litres != 0 {
            fuel.pump(litres: litres)
        }
        tyres.fit(compound)
    }
}
