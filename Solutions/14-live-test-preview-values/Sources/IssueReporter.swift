/// Where a test value reports that it was used with no override. A test
/// hands in one that fails the test (in a test target,
/// `Issue.record(Comment(rawValue: message))`); the lesson's tests hand in a
/// spy that keeps the messages.
public protocol IssueReporter {
    func reportIssue(_ message: String)
}
