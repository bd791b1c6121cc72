import Testing
@testable import Passing

@Test("greets by name") func greets() {
    #expect(Greeter().greet("Ada") == "Hello, Ada!")
}

@Test("greets the empty name") func greetsEmpty() {
    #expect(Greeter().greet("") == "Hello, !")
}
