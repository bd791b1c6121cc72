nonisolated(unsafe) var overrideStack: [DependencyValues] = []
public func withDependencies<R>(_ update: (inout DependencyValues) throws -> Void, operation: () throws -> R) rethrows -> R {
    var copy = DependencyValues.current
    try update(&copy)
    overrideStack.append(copy)
    defer { overrideStack.removeLast() }
    return try operation()
}
public func withDependencies<R>(_ update: (inout DependencyValues) throws -> Void, operation: () async throws -> R) async rethrows -> R {
    var copy = DependencyValues.current
    try update(&copy)
    overrideStack.append(copy)
    defer { overrideStack.removeLast() }
    return try await operation()
}
