import Testing
@testable import Doubler

@Test("two doubles to four")
func twoDoubles() {
    #expect(double(2) == 4, "double(2) should be 4: add the number to itself.")
}
