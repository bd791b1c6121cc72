import Testing
@testable import TestDoubles

/// What a store answered, in words both stores can be compared by (fields, never an `==` of the lesson's).
private func outcome(_ store: any LapStore, _ lap: Lap) -> String {
    do {
        try store.record(lap)
        return "kept"
    } catch LapStoreError.duplicateLap {
        return "duplicateLap"
    } catch LapStoreError.invalidTime {
        return "invalidTime"
    } catch {
        return "threw \(error)"
    }
}

private func shown(_ laps: [Lap]) -> String {
    "[" + laps.map { "\($0.driver) #\($0.number) \($0.millis) ms" }.joined(separator: ", ") + "]"
}

private func shown(_ lap: Lap?) -> String {
    lap.map { "\($0.driver) #\($0.number) \($0.millis) ms" } ?? "nil"
}

@Test func fakeRefusesADuplicateLap() {
    let fake = InMemoryLapStore()
    _ = outcome(fake, Lap(driver: "HAM", number: 1, millis: 91_000))
    let second = outcome(fake, Lap(driver: "HAM", number: 1, millis: 80_000))
    #expect(second == "duplicateLap", "Recording lap 1 of HAM twice must throw LapStoreError.duplicateLap, as the real store does; the fake said \(second). [zh-Hans] 把 HAM 的第 1 圈记录两次必须抛出 LapStoreError.duplicateLap，真实的存储就是这样做的；假对象的结果是 \(second)。")
    #expect(fake.laps(of: "HAM").map(\.millis) == [91_000], "After a refused duplicate, the first lap 1 stays: expected [91000], got \(fake.laps(of: "HAM").map(\.millis)). [zh-Hans] 重复的圈被拒绝之后，第一次记录的第 1 圈要保留：应为 [91000]，实际是 \(fake.laps(of: "HAM").map(\.millis))。")
    let other = outcome(fake, Lap(driver: "VER", number: 1, millis: 90_000))
    #expect(other == "kept", "Lap 1 of another driver is no duplicate: VER's lap 1 must be kept; the fake said \(other). [zh-Hans] 另一位车手的第 1 圈不算重复：VER 的第 1 圈必须保存；假对象的结果是 \(other)。")
}

@Test func fakeRefusesATimeOfZero() {
    let fake = InMemoryLapStore()
    for millis in [0, -1] {
        let said = outcome(fake, Lap(driver: "HAM", number: 1, millis: millis))
        #expect(said == "invalidTime", "A lap of \(millis) ms must throw LapStoreError.invalidTime, as the real store does; the fake said \(said). [zh-Hans] \(millis) 毫秒的圈必须抛出 LapStoreError.invalidTime，真实的存储就是这样做的；假对象的结果是 \(said)。")
    }
    #expect(fake.laps(of: "HAM").isEmpty, "A refused lap is not kept, but the fake holds \(shown(fake.laps(of: "HAM"))). [zh-Hans] 被拒绝的圈不能保存，但假对象里有 \(shown(fake.laps(of: "HAM")))。")
    let one = outcome(fake, Lap(driver: "HAM", number: 1, millis: 1))
    #expect(one == "kept", "1 ms is a time (a strange one): it must be kept; the fake said \(one). [zh-Hans] 1 毫秒也是一个时间（虽然很怪）：必须保存；假对象的结果是 \(one)。")
}

@Test func fakeListsLapsInLapOrder() {
    let fake = InMemoryLapStore()
    for (number, millis) in [(3, 92_000), (1, 93_000), (2, 91_000)] {
        _ = outcome(fake, Lap(driver: "HAM", number: number, millis: millis))
    }
    _ = outcome(fake, Lap(driver: "VER", number: 4, millis: 90_000))
    let numbers = fake.laps(of: "HAM").map(\.number)
    #expect(numbers == [1, 2, 3], "laps(of:) lists the driver's laps in lap-number order, whatever order they came in: expected [1, 2, 3], got \(numbers). [zh-Hans] laps(of:) 按圈号顺序列出这位车手的圈，不管记录的顺序如何：应为 [1, 2, 3]，实际是 \(numbers)。")
    #expect(fake.laps(of: "LEC").isEmpty, "A driver with no laps has none: laps(of: \"LEC\") must be empty. [zh-Hans] 没有圈的车手就没有圈：laps(of: \"LEC\") 必须为空。")
}

@Test func fakeBreaksATieByTheEarlierLap() {
    let fake = InMemoryLapStore()
    #expect(fake.best(of: "HAM") == nil, "best(of:) is nil for a driver with no laps. [zh-Hans] 没有圈的车手，best(of:) 为 nil。")
    for (number, millis) in [(4, 91_000), (2, 91_000), (3, 95_000)] {
        _ = outcome(fake, Lap(driver: "HAM", number: number, millis: millis))
    }
    let best = fake.best(of: "HAM")
    #expect(best?.number == 2, "Laps 4 and 2 are equally fast; the best is the earlier one, lap 2, whatever order they were recorded in. The fake said \(shown(best)). [zh-Hans] 第 4 圈和第 2 圈一样快；最快圈是较早的第 2 圈，不管记录的顺序如何。假对象的结果是 \(shown(best))。")
}

/// A small random number generator with a seed, so a failing run can be run again.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A lap number as a store may be handed one: mostly 1 to 6 (so numbers repeat), sometimes 0, a negative number or
/// the ends of `Int`. The contract says nothing about lap numbers: the real store keeps them all, so a fake does too.
private func anyLapNumber(using random: inout SplitMix) -> Int {
    switch Int.random(in: 0..<8, using: &random) {
    case 0: return [0, -1, Int.min, Int.max, 1_000_000].randomElement(using: &random)!
    case 1: return Int.random(in: 10...12, using: &random)
    default: return Int.random(in: 1...6, using: &random)
    }
}

/// The real store is the model: 200 seeded random sessions, the same laps recorded in both, every answer compared.
@Test func fakeKeepsTheContractOfTheRealStore() {
    for seed in UInt64(1)...200 {
        var random = SplitMix(state: seed)
        // Drivers are named exactly: "ham" is another driver than "HAM", as it is for the real store.
        // Some names end where another begins: "HAM1" lap 2 and "HAM" lap 12 are two laps, as are "HAM-" lap 1 and "HAM" lap -1.
        let drivers = [["HAM", "VER", "LEC"], ["HAM", "ham", "VER"], ["HAM", "HAM1", "HAM-"]][Int(seed % 3)]
        let fake = InMemoryLapStore()
        let real = TimingLogLapStore()
        var steps: [String] = []
        for _ in 0..<Int.random(in: 1...25, using: &random) {
            let lap = Lap(driver: drivers.randomElement(using: &random)!,
                          number: anyLapNumber(using: &random),
                          millis: [-1, 0, 1, 90_000, 90_000, 91_000, 92_500, 3_600_000, 86_400_000, Int.max].randomElement(using: &random)!)
            steps.append("record(\(shown(lap)))")
            // A lap that breaks both promises (0 ms under a number the driver has) may be refused either way: the
            // contract does not say which refusal comes first, only that nothing changes.
            let breaksBoth = lap.millis <= 0 && real.laps(of: lap.driver).contains { $0.number == lap.number }
            let fakeSaid = outcome(fake, lap)
            let realSaid = outcome(real, lap)
            let refusals: Set = ["invalidTime", "duplicateLap"]
            var difference: String?
            if breaksBoth ? !(refusals.contains(fakeSaid) && refusals.contains(realSaid)) : fakeSaid != realSaid {
                difference = "record: the real store said \(realSaid), the fake \(fakeSaid)"
            } else {
                for driver in drivers {
                    let fakeLaps = shown(fake.laps(of: driver)), realLaps = shown(real.laps(of: driver))
                    let fakeBest = shown(fake.best(of: driver)), realBest = shown(real.best(of: driver))
                    if fakeLaps != realLaps {
                        difference = "laps(of: \"\(driver)\"): the real store says \(realLaps), the fake \(fakeLaps)"
                        break
                    }
                    if fakeBest != realBest {
                        difference = "best(of: \"\(driver)\"): the real store says \(realBest), the fake \(fakeBest)"
                        break
                    }
                }
            }
            if let difference {
                Issue.record("Seed \(seed): after \(steps.joined(separator: ", ")), \(difference). [zh-Hans] 种子 \(seed)：执行 \(steps.joined(separator: "、")) 之后，结果不同（\(difference)）。")
                return
            }
        }
    }
}

/// The given real store against a small model of the contract in Laps.swift (not against itself): the mutants your
/// suite must catch are made from this file, so it has to stay as it was given.
@Test func givenStoreKeepsItsPromises() {
    for seed in UInt64(1)...200 {
        var random = SplitMix(state: seed &* 7_919)
        let real = TimingLogLapStore()
        var model: [String: [Int: Int]] = [:]
        var steps: [String] = []
        for _ in 0..<Int.random(in: 1...25, using: &random) {
            let lap = Lap(driver: ["HAM", "VER", "LEC"].randomElement(using: &random)!,
                          number: anyLapNumber(using: &random),
                          millis: [-1, 0, 1, 90_000, 90_000, 91_000, 92_500, 3_600_000, 86_400_000, Int.max].randomElement(using: &random)!)
            steps.append("record(\(shown(lap)))")
            var expected: Set<String> = []
            if lap.millis <= 0 { expected.insert("invalidTime") }
            if model[lap.driver]?[lap.number] != nil { expected.insert("duplicateLap") }
            if expected.isEmpty {
                expected = ["kept"]
                model[lap.driver, default: [:]][lap.number] = lap.millis
            }
            let said = outcome(real, lap)
            var difference: String?
            if !expected.contains(said) {
                difference = "record: the contract says \(expected.sorted().joined(separator: " or ")), the store said \(said)"
            } else {
                for driver in ["HAM", "VER", "LEC"] {
                    let laps = (model[driver] ?? [:]).sorted { $0.key < $1.key }.map { Lap(driver: driver, number: $0.key, millis: $0.value) }
                    let best = laps.min { $0.millis < $1.millis || $0.millis == $1.millis && $0.number < $1.number }
                    if shown(real.laps(of: driver)) != shown(laps) {
                        difference = "laps(of: \"\(driver)\"): the contract says \(shown(laps)), the store says \(shown(real.laps(of: driver)))"
                        break
                    }
                    if shown(real.best(of: driver)) != shown(best) {
                        difference = "best(of: \"\(driver)\"): the contract says \(shown(best)), the store says \(shown(real.best(of: driver)))"
                        break
                    }
                }
            }
            if let difference {
                Issue.record("TimingLogLapStore.swift is given and must keep the contract in Laps.swift, but seed \(seed): after \(steps.joined(separator: ", ")), \(difference). Put the given file back as it was (the mutants your tests must catch are made from it). [zh-Hans] TimingLogLapStore.swift 是给定的文件，必须遵守 Laps.swift 里的契约，但种子 \(seed)：执行 \(steps.joined(separator: "、")) 之后，\(difference)。请把这个给定文件恢复原样（你的测试要抓住的变异体就是从它做出来的）。")
                return
            }
        }
    }
}
