import Testing
@testable import Greeter

@Test("the greeting names the person")
func namesThePerson() {
    #expect(Greeter(hour: { 9 }).greet("Ada").contains("Ada"), "greet(_:) should mention the name.")
}

@Test("before noon it says good morning")
func morning() {
    #expect(Greeter(hour: { 9 }).greet("Ada") == "Good morning, Ada", "Use the hour you are handed.")
}

@Test("after noon it says good evening")
func evening() {
    #expect(Greeter(hour: { 20 }).greet("Ada") == "Good evening, Ada", "Use the hour you are handed.")
}
