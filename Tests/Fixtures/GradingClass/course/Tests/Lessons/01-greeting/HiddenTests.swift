import Testing
@testable import Greeting

@Suite("Greeting, graded only", .serialized)
struct HiddenGreeterTests {
    @Test("an empty name is greeted as a stranger")
    func greetsAStranger() {
        #expect(Greeter(source: FixedName(value: "")).greet() == "Hello, stranger!", "SECRET-HIDDEN-EXPECTATION: an empty name should be greeted as a stranger.")
    }
}
