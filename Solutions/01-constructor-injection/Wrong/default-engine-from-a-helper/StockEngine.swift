/// The engine a car gets when nobody says.
public func stockEngine() -> any Engine {
    V8Engine()
}
