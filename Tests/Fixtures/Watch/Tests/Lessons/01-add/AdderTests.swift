import Testing
@testable import Adding

@Test func addsTwoNumbers() {
    #expect(Adder().add(2, 3) == 5, "add(2, 3) should be 5: look at the operator in Adder.add")
}

@Test func addingZeroKeepsTheNumber() {
    #expect(Adder().add(4, 0) == 4)
}
