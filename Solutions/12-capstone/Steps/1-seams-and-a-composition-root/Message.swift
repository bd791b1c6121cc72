import Foundation

/// One chat message between the pit wall and the drivers. You do not change this file.
public struct Message: Equatable, Sendable {
    public let author: String
    public let text: String
    public let sentAt: Date

    public init(author: String, text: String, sentAt: Date) {
        self.author = author
        self.text = text
        self.sentAt = sentAt
    }
}
