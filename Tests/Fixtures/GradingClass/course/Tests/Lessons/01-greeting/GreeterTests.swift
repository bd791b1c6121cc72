import Testing
@testable import Greeting

/// A source that names whoever the test says.
struct FixedName: NameSource {
    let value: String
    func name() -> String { value }
}

@Suite("Greeting", .serialized)
struct GreeterTests {
    @Test("greets the name its source gives")
    func greetsTheInjectedName() {
        #expect(Greeter(source: FixedName(value: "Grace")).greet() == "Hello, Grace!", "greet() should use the name from the source handed to Greeter(source:).")
    }

    @Test("two sources give two greetings")
    func twoSourcesTwoGreetings() {
        #expect(Greeter(source: FixedName(value: "Linus")).greet() == "Hello, Linus!", "Each greeter should greet its own source's name.")
        #expect(Greeter(source: FixedName(value: "Barbara")).greet() == "Hello, Barbara!", "Each greeter should greet its own source's name.")
    }

    @Test("shouting is the greeting in capitals")
    func shoutsTheGreeting() {
        #expect(Greeter(source: FixedName(value: "Alan")).shout() == "HELLO, ALAN!", "shout() should be greet() in capitals.")
    }
}
