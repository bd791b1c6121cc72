/// The objects the old code reached for, kept so that `MessageListScreen()`
/// still works for the screens that have not moved to AppContainer yet.
extension Settings {
    nonisolated(unsafe) static let legacyNetwork = NetworkManager()
    nonisolated(unsafe) static let legacyLoader = MessageLoader(network: legacyNetwork)
    nonisolated(unsafe) static let legacySender = MessageSender(network: legacyNetwork, clock: SystemClock(), author: Settings.standard.userName)
}
