/// Wrong on purpose: RaceCar itself is clean, but a helper added to V8Engine
/// in another file "for the old callers" still hands every car the singleton.
/// No test calls `V8Engine.makeCar()`; the lesson's rule must reject it.
extension V8Engine {
    public static func makeCar() -> RaceCar { RaceCar(engine: V8Engine.shared) }
}
