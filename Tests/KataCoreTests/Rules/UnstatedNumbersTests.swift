import Testing
@testable import KataCore

@Suite("Numbers the lesson never states")
struct UnstatedNumbersTests {
    @Test("a number is stated however the text writes it: 10,000, 10_000 or 10000")
    func statedSpellings() {
        let stated = UnstatedNumbers.stated(in: ["up to 10,000 laps", "let limit = 20_000", "30000 ms, 1:30.512"])
        #expect(stated.isSuperset(of: [10_000, 20_000, 30_000, 1, 30, 512]))
        #expect(!stated.contains(10))
    }

    @Test("the code's numbers of 100 or more that the lesson never states are findings, one per line; strings and comments do not count")
    func findings() {
        let code = """
            let cap = 10_000 // 50_000 in a comment
            let label = "keeps 70000 laps"
            let ok = 99 + 250
            let big = 0x2710; let again = 1e4
            """
        let found = UnstatedNumbers.findings(in: [(shown: "Log.swift", text: code)], stated: [250])
        #expect(found.map { "\($0.line) \($0.rule)" } == ["1 no-unstated-numbers", "4 no-unstated-numbers"], "\(found.map(\.line))")
        #expect(UnstatedNumbers.findings(in: [(shown: "Log.swift", text: code)], stated: [10_000, 250]).map(\.line) == [])
    }
}
