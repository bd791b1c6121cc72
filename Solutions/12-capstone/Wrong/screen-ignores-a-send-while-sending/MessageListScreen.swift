/// The message list: what the user sees and does. A plain type standing in
/// for a view controller: `rows` are the lines on screen, `errorText` the
/// banner shown when something failed.
///
/// The screen is handed its loader and its sender. It knows nothing about
/// networks, clocks or settings: those are the loader's and the sender's business.
public final class MessageListScreen {
    public private(set) var rows: [String] = []
    public private(set) var errorText: String?

    private let loader: MessageLoader
    private let sender: MessageSender
    /// True while a message is on its way: a second tap on Send meanwhile does nothing.
    private var sending = false

    public init(loader: MessageLoader, sender: MessageSender) {
        self.loader = loader
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
        guard !sending else { return }
        sending = true
        defer { sending = false }
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
