/// A pit stop, start to finish.
public final class PitStopService {
    private let tyres: any TyreSupplier
    private let fuel: any FuelSupplier

    public init(tyres: any TyreSupplier, fuel: any FuelSupplier) {
        self.tyres = tyres
        self.fuel = fuel
    }

    public func serve(fitting compound: Compound, litres: Int) {
        tyres.fit(compound)
        if litres > 0 {
            fuel.pump(litres: litres)
        }
    }
}
