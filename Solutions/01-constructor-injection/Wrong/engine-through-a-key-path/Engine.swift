/// What a race car needs from an engine. You do not change this file.
public protocol Engine: AnyObject {
    /// The engine's power; a race car's top speed depends on it.
    var horsepower: Int { get }
    /// Tries to start the engine; `true` when it runs.
    func ignite() -> Bool
}
