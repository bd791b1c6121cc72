import Testing
@testable import Flooding

@Test("shouts ten megabytes and still answers") func shouts() {
    #expect(shout() == 3)
}
