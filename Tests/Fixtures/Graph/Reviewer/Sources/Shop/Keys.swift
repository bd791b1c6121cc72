import Foundation

public enum APIClientKey {
    /// The live value is where the real client is built: a composition root by pattern.
    public static let liveValue = APIClient(session: URLSession.shared)
}
