import Testing
@testable import Hanging

@Test("answers quickly") func quickAnswer() {
    #expect(quick() == 1)
}

@Test("spins forever") func spinsForever() {
    #expect(spin() == 0)
}

@Test("answers quickly again") func quickAgain() {
    #expect(quick() == 1)
}
