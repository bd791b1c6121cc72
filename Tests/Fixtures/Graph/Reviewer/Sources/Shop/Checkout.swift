import Foundation

public final class Checkout {
    private let store: any Storing
    private let clock: any Clock
    private let pricing = FlatPricing()
    private let receipts = ReceiptFormatter() // a formatter: a stable dependency, built in place
    private var lastTotal = 0

    /// A fresh value as a default is the injection point; a singleton as a default is hidden.
    public init(store: any Storing = OrderStore.shared, clock: any Clock = SystemClock()) { // expect: singleton OrderStore.shared
        self.store = store
        self.clock = clock
    }

    public func pay(_ items: [CartItem]) -> String {
        defer { EventLogger.shared.flush() } // expect: singleton EventLogger.shared
        guard !Flags.shared.isOn else { return "" } // expect: singleton Flags.shared
        let order = Order(id: Int(arc4random_uniform(1000)), items: items) // expect: global state arc4random_uniform()
        store.save(order)
        let started = CFAbsoluteTimeGetCurrent() // expect: global state CFAbsoluteTimeGetCurrent()
        lastTotal = items.map { pricing.price(of: $0) }.reduce(0, +)
        _ = started
        return receipts.format(order)
    }

    public func lucky(_ items: [CartItem], using generator: inout some RandomNumberGenerator) -> CartItem? {
        _ = items.shuffled(using: &generator)
        return items.randomElement() // expect: global state .randomElement()
    }

    public func shuffle(_ items: [CartItem]) -> [CartItem] {
        items.shuffled() // expect: global state .shuffled()
    }

    public func copyReceipt(_ text: String) {
        let requestCount = text.count
        _ = requestCount
    }

    public func count() {
        requestCount += 1 // expect: global state requestCount
    }

    public func export(_ url: URL) throws -> Data {
        let tool = Process() // expect: construction Process()
        tool.executableURL = url
        return try Data(contentsOf: url) // expect: global state Data(contentsOf:)
    }

    public func upload() -> any Syncing {
        Uploader() // expect: construction Uploader()
    }
}

public final class CheckoutPreview {
    public init() {}
    public func sample() { _ = OrderStore.shared }
}

/// `.init(...)` builds the type written before it: the property's declared type, or the annotation.
public final class Reorder {
    private let uploader: Uploader
    private var spare: Uploader?
    public init() {
        uploader = .init() // expect: construction Uploader()
    }
    public func again() {
        self.spare = .init() // expect: construction Uploader()
        let other: Uploader = .init() // expect: construction Uploader()
        try? other.sync()
    }
}

/// A type nested in another type's namespace is a type like any other: building it by its path, or with
/// `.init(...)` into a property declared with that path, builds a collaborator.
public enum Vault {
    public final class Locker {
        public init() {}
        public func open() -> Data? { try? Data(contentsOf: URL(fileURLWithPath: "/vault")) } // expect: global state Data(contentsOf:)
    }
}

public final class Teller {
    private let locker: Vault.Locker
    public init() {
        locker = .init() // expect: construction Vault.Locker()
    }
    public func spare() -> Data? {
        let other = Vault.Locker() // expect: construction Vault.Locker()
        return other.open() ?? locker.open()
    }
}
