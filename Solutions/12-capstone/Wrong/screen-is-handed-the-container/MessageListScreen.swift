/// The message list: what the user sees and does. A plain type standing in
/// for a view controller: `rows` are the lines on screen, `errorText` the
/// banner shown when something failed.
///
/// Wrong on purpose: the screen is handed the whole AppContainer and takes
/// its loader and sender from it, a service locator: what it needs is hidden
/// in its body, and a test must build a whole container to make one.
public final class MessageListScreen {
    public private(set) var rows: [String] = []
    public private(set) var errorText: String?

    private let loader: MessageLoader
    private let sender: MessageSender

    public init(container: AppContainer) {
        loader = container.makeMessageLoader()
        sender = container.makeMessageSender()
    }

    /// Loads the conversation: one row per message, oldest first, or an error banner.
    public func load() {
        do {
            rows = try loader.load().map(Self.row(for:))
            errorText = nil
        } catch {
            rows = []
            errorText = "Could not load messages."
        }
    }

    /// Sends a message and adds its row, or shows an error banner.
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
