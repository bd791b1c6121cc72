public protocol NetworkClient: AnyObject {
    func fetchMessages() throws -> [Message]
    func post(_ message: Message) throws
}
extension NetworkManager: NetworkClient {}
