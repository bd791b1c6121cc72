import Foundation

/// What can go wrong on the way to the server. You do not change this file.
public enum NetworkError: Error, Equatable {
    case offline
    case server(status: Int)
}

/// The app's connection to the message server. In this kata the "server"
/// lives in memory, so the app runs anywhere. You do not change this file.
///
/// Every read of `shared` is counted in `sharedAccessCount`: the tests use the
/// count as a tripwire, to prove that an app wired with a fake network never
/// reaches for this one.
public final class NetworkManager {
    nonisolated(unsafe) private static let instance = NetworkManager()
    nonisolated(unsafe) public private(set) static var sharedAccessCount = 0

    /// The singleton. Handy to reach for; impossible to replace in a test.
    public static var shared: NetworkManager {
        sharedAccessCount += 1
        return instance
    }

    private var serverMessages = [
        Message(author: "Pit wall", text: "Radio check.", sentAt: Date(timeIntervalSince1970: 1_700_000_000)),
        Message(author: "Driver", text: "Loud and clear.", sentAt: Date(timeIntervalSince1970: 1_700_000_060)),
    ]

    public init() {}

    /// Every message on the server, in the order the server keeps them.
    public func fetchMessages() throws -> [Message] {
        serverMessages
    }

    /// Puts one message on the server.
    public func post(_ message: Message) throws {
        serverMessages.append(message)
    }
}
