import Testing
@testable import Exiting

@Test("one is one") func isOne() {
    #expect(one() == 1)
}

@Test("finishes early") func finishesEarly() {
    #expect(finish() == 1)
}
