import Testing
@testable import Greeting

@Test func greetsByName() {
    #expect(Greeter().greet("Ada") == "Hello, Ada!")
}
