/// The message list: what the user sees and does. A plain type standing in
/// for a view controller: `rows` are the lines on screen, `errorText` the
/// banner shown when something failed.
///
/// Why it hurts: the screen builds its own loader and grabs `MessageSender.shared`.
/// Whoever opens the screen cannot choose what it talks to, so the only way
/// to test it is against the real network, the real clock and the real settings.
public final class MessageListScreen {
    public private(set) var rows: [String] = []
    public private(set) var errorText: String?

    private let loader = MessageLoader()

    public init() {}

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
            let message = try MessageSender.shared.send(text)
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
