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

    @Test("a number the code computes from small constants alone is a number it holds: 1 << 12, Int(UInt8.max) * 16; arithmetic with a value the code reads is not")
    func computedNumbers() {
        let code = """
            let bomb = 1 << 12
            if laps > Int(UInt8.max) * 16 { stop() }
            let width = (7 + 1) * 16
            let scaled = laps * 60 * 60
            let best = Int.max
            let ok = 99 + 250
            let small = 2 * 3 + fast(1 << 4)
            let negative = -(1 << 10) + seconds
            """
        let found = UnstatedNumbers.findings(in: [(shown: "Car.swift", text: code)], stated: [250])
        #expect(found.map(\.line) == [1, 2, 3], "\(found.map { "\($0.line): \($0.messages.english.prefix(40))" })")
        #expect(found.first?.messages.english.hasPrefix("`1 << 12` (4096) is a number the lesson never states") == true)
        #expect(UnstatedNumbers.findings(in: [(shown: "Car.swift", text: code)], stated: [250, 4096, 4080, 128]).isEmpty)
        #expect(UnstatedNumbers.holdsCandidates([(shown: "Car.swift", text: "let bomb = 1 << 12")]))
    }
}
