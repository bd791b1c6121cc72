/// Wrong on purpose: the screen is handed its sender, but still builds its
/// own loader on the shared network. It compiles against the tests; the tests
/// must reject it.
public final class MessageListScreen {
    public private(set) var rows: [String] = []
    public private(set) var errorText: String?

    private let loader = MessageLoader(network: NetworkManager.shared)
    private let sender: MessageSender

    public init(sender: MessageSender) {
        self.sender = sender
    }

    public func load() {
        do {
            rows = try loader.load().map(Self.row(for:))
            errorText = nil
        } catch {
            rows = []
            errorText = "Could not load messages."
        }
    }

    public func send(_ text: String) {
        do {
            let message = try sender.send(text)
            rows.append(Self.row(for: message))
            errorText = nil
        } catch {
            errorText = "Could not send your message."
        }
    }

    static func row(for message: Message) -> String {
        "\(message.author): \(message.text)"
    }
}
