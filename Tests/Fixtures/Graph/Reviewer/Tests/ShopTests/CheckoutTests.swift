final class CheckoutTests {
    func testPay() { _ = Checkout(store: OrderStore.shared) }
}
