import Testing
@testable import KataCore

@Suite("--json keys")
struct JSONKeyTests {
    @Test("keys are snake case as Foundation makes them; a language tag stays a language tag", arguments: [
        ("durationMs", "duration_ms"), ("filesByTokenReader", "files_by_token_reader"), ("sourceURL", "source_url"),
        ("myHTMLParser", "my_html_parser"), ("lesson", "lesson"), ("zh-Hans", "zh-Hans"), ("en", "en"),
    ])
    func snakeCase(key: String, expected: String) {
        #expect(KataContext.snakeCase(key) == expected)
    }
}
