public final class MessageListScreen {
    public private(set) var rows: [String] = []
    public private(set) var errorText: String?
    private let loader: MessageLoader
    private let sender: MessageSender
    public init(loader: MessageLoader, sender: MessageSender) { self.loader = loader; self.sender = sender }
    public func load() {
        do { rows = try loader.load().map(Self.row(for:)); errorText = nil } catch { rows = []; errorText = "Could not load messages." }
    }
    public func send(_ text: String) {
        do { let m = try sender.send(text); rows.append(Self.row(for: m)); errorText = nil } catch { errorText = "Could not send your message." }
    }
    static func row(for message: Message) -> String { "\(message.author): \(message.text)" }
}
