import Foundation

/// Loads the feed. Tests would like to hand it a fake API.
public final class FeedViewModel<Item: Hashable> {
    private let api = APIClient() // expect: construction APIClient()
    private let store: Store
    private var seen: Set<Item> = []
    @Injected(Analytics.shared) var analytics: Analytics // expect: singleton Analytics.shared
    private let origin = Point(x: 0, y: 0)

    public init(store: Store = Store.shared) { // expect: singleton Store.shared
        self.store = store
    }

    public func load() -> [String] {
        // Analytics.shared.track("load") is what the old code did.
        let message = "Reading from UserDefaults.standard is a hidden dependency"
        let note = """
            FileManager.default and URLSession.shared stay inside this string.
            """
        requestCount += 1 // expect: global state requestCount
        let parser = JSONParser() // a value that parses: built where it is used, not a hidden dependency
        let started = Date() // expect: global state Date()
        let url = Config.baseURL // expect: global state Config.baseURL
        let limit = Config.timeout
        _ = (message, note, started, url, limit)
        return parser.parse(api.get("/feed"))
    }

    public func refresh(completion: @escaping @Sendable () -> Void) {
        DispatchQueue.main.async { // the main queue: not a dependency a reviewer asks to inject
            let defaults = UserDefaults // expect: singleton UserDefaults.standard
                .standard
            defaults.set(true, forKey: "refreshed")
            completion()
        }
    }

    public func shuffledIDs(_ ids: [Int]) -> [Int] {
        ids.shuffled() // expect: global state .shuffled()
    }

    public func export() {
        let tool = Process() // expect: construction Process()
        let started = CFAbsoluteTimeGetCurrent() // expect: global state CFAbsoluteTimeGetCurrent()
        _ = (tool, started)
    }

    public func label() -> String {
        let id = UUID() // expect: global state UUID()
        return "Session \(Analytics.shared.id), \(id)" // expect: singleton Analytics.shared
    }
}

extension FeedViewModel {
    public func debugDump() {
        #if DEBUG
        let logger = ConsoleLogger() // debug code: left out unless --include-tests
        logger.log("seen \(seen.count)")
        #else
        NotificationCenter.default.post(name: .init("dump"), object: nil) // expect: singleton NotificationCenter.default
        #endif
    }

    struct Page {
        struct Cursor {
            func next() -> Int {
                Int.random(in: 0..<10) // expect: global state Int.random
            }
        }
    }
}
