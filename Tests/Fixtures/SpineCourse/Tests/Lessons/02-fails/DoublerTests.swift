import Testing
@testable import Failing

@Test("grows with its input") func grows() {
    #expect(double(3) > double(2))
}

@Test("two doubles to four") func two() {
    #expect(double(2) == 4, "double(2) should be 4: add the number to itself, nothing more.")
}
