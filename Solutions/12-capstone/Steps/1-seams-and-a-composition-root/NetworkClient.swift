/// What the app needs from a network: fetch the conversation, post a message.
/// A class protocol, because one connection is shared by the loader and the
/// sender, and the composition root hands out that one instance.
public protocol NetworkClient: AnyObject {
    func fetchMessages() throws -> [Message]
    func post(_ message: Message) throws
}

/// The real network already has both methods.
extension NetworkManager: NetworkClient {}
