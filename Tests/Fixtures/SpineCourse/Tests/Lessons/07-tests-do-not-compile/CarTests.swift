import Testing
@testable import Reshaped

@Test func takesAnEngine() {
    let car = Car(engine: 500)
    #expect(car.horsepower == 500)
}
