/// What a list screen needs to open a detail screen: nothing more than this.
/// Nobody implements it yet. You do not change this file.
public protocol DetailScreenFactory: AnyObject {
    func makeDetailScreen(for car: RaceCar) -> CarDetailScreen
}
