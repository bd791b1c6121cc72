/// Test code: left out unless --include-tests.
final class MockStore: Storing {
    func save(_ order: Order) { _ = OrderStore.shared }
}
