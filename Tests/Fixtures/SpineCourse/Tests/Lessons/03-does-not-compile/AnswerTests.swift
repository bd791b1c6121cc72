import Testing
@testable import Broken

@Test func answers() {
    #expect(answer() == 42)
}
