/// The message list: what the user sees and does. A plain type standing in
/// for a view controller: `rows` are the lines on screen, `errorText` the
/// banner shown when something failed.
///
/// Wrong on purpose: the screen is handed its sender only, and builds its
/// loader itself from the sender's network. It works, but the screen now
/// decides how a loader is made, and a test cannot hand it another loader.
public final class MessageListScreen {
    public private(set) var rows: [String] = []
    public private(set) var errorText: String?

    private let loader: MessageLoader
    private let sender: MessageSender

    public init(sender: MessageSender) {
        loader = MessageLoader(network: sender.network)
        self.sender = sender
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
