import Testing
@testable import Greeting

@Suite("Greeting")
struct GreeterTests {
    @Test func greetsTheInjectedName() { #expect(true) }
    @Test func twoSourcesTwoGreetings() { #expect(true) }
    @Test func shoutsTheGreeting() { #expect(true) }
}
