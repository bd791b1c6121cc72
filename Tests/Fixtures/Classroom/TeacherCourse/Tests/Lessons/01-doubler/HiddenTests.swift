import Testing
@testable import Doubler

@Test("SECRET negative numbers double too")
func secretNegative() {
    #expect(double(-3) == -6, "SECRET-HINT: negative numbers double too.")
}
