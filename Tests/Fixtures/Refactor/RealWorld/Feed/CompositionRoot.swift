import Foundation

/// The one place that builds the real objects: reaching for them here is its job.
public enum CompositionRoot {
    public static func makeFeed() -> FeedViewModel<String> {
        let store = Store.shared
        _ = APIClient()
        return FeedViewModel(store: store)
    }
}
