extension RaceCar {
    /// Kept for the screens that still write `RaceCar(pitRadioFrequency:)`.
    public convenience init(pitRadioFrequency: PitRadioFrequency) {
        let car = DependencyContainer.app.makeRaceCar(pitRadioFrequency: pitRadioFrequency)
        self.init(engine: car.engine, telemetry: car.telemetry, pitRadioFrequency: pitRadioFrequency, clock: car.clock)
    }
}
