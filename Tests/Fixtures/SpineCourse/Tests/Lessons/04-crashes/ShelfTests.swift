import Testing
@testable import Crashing

@Test("reads the first element") func first() {
    #expect(element(at: 0) == 1)
}

@Test("reads past the end") func pastTheEnd() {
    #expect(element(at: 7) == 0)
}

@Test("unwraps nil") func unwraps() {
    #expect(unwrapNothing() == 0)
}

@Test("reads the last element") func last() {
    #expect(element(at: 2) == 3)
}
