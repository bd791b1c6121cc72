public struct Car {
    public init() {}
}
