public protocol MessageDependencies: AnyObject {
    func makeMessageLoader() -> MessageLoader
    func makeMessageSender() -> MessageSender
}
public final class MessageListScreen {
    public private(set) var rows: [String] = []
    public private(set) var errorText: String?
    private let dependencies: any MessageDependencies
    public init(dependencies: any MessageDependencies) { self.dependencies = dependencies }
    public func load() {
        do { rows = try dependencies.makeMessageLoader().load().map(Self.row(for:)); errorText = nil } catch { rows = []; errorText = "Could not load messages." }
    }
    public func send(_ text: String) {
        do { let m = try dependencies.makeMessageSender().send(text); rows.append(Self.row(for: m)); errorText = nil } catch { errorText = "Could not send your message." }
    }
    static func row(for message: Message) -> String { "\(message.author): \(message.text)" }
}
