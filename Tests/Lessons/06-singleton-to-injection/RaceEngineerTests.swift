import Testing
@testable import SingletonToInjection

/// A radio that remembers every message it had to send.
final class SpyRadio: TeamRadio {
    private(set) var messages: [String] = []

    func send(_ message: String) {
        messages.append(message)
    }
}

/// Every `PitLaneRadio` an engineer keeps, whatever its stored properties are
/// called (read through `Mirror`, a few levels deep), each one once.
func pitLaneRadios(keptBy subject: Any, depth: Int = 3) -> [PitLaneRadio] {
    var found: [PitLaneRadio] = []
    for child in Mirror(reflecting: subject).children {
        let inside = (child.value as? PitLaneRadio).map { [$0] }
            ?? (depth > 0 ? pitLaneRadios(keptBy: child.value, depth: depth - 1) : [])
        for radio in inside where !found.contains(where: { $0 === radio }) {
            found.append(radio)
        }
    }
    return found
}

/// A small, seeded generator (SplitMix64): the same seed gives the same sequences everywhere.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("From singleton to injection", .serialized)
struct RaceEngineerTests {
    @Test("the engineer calls in the crew it is handed")
    func usesTheHandedCrew() {
        let crew = PitCrew(tyreSets: 2)
        let engineer = RaceEngineer(driver: "Leclerc", crew: crew, radio: SpyRadio())
        let report = engineer.boxBox()
        #expect(report == "Leclerc: fresh tyres, 1 set left", "A crew with 2 tyre sets should report \"Leclerc: fresh tyres, 1 set left\", but boxBox() returned \"\(report)\". Ask the crew passed to RaceEngineer(driver:crew:radio:) to change the tyres. [zh-Hans] 有 2 套轮胎的维修组应该报告 \"Leclerc: fresh tyres, 1 set left\"，但 boxBox() 返回的是 \"\(report)\"。让传给 RaceEngineer(driver:crew:radio:) 的维修组来换轮胎。")
        #expect(crew.stopsServed == 1, "The handed crew served \(crew.stopsServed) stop\(crew.stopsServed == 1 ? "" : "s"); boxBox() should make it serve exactly one. [zh-Hans] 交给它的维修组服务了 \(crew.stopsServed) 次进站；boxBox() 应该让它只服务一次。")
    }

    @Test("two crews give two different answers")
    func twoCrewsTwoAnswers() {
        // Both engineers exist before either boxes: a crew or a radio kept in
        // a static (shared by every engineer) would show up here.
        let emptyRadio = SpyRadio()
        let stockedRadio = SpyRadio()
        let emptyEngineer = RaceEngineer(driver: "Sainz", crew: PitCrew(tyreSets: 0), radio: emptyRadio)
        let stockedEngineer = RaceEngineer(driver: "Sainz", crew: PitCrew(tyreSets: 3), radio: stockedRadio)
        let empty = emptyEngineer.boxBox()
        let stocked = stockedEngineer.boxBox()
        #expect(empty == "Sainz: no tyres left", "A crew with no tyre sets should report \"Sainz: no tyres left\", but boxBox() returned \"\(empty)\". Ask the crew this engineer was handed, kept in an instance property (`private let crew: PitCrew`, a strong `let`, not `weak`), not a static one or PitCrew.shared. [zh-Hans] 没有轮胎的维修组应该报告 \"Sainz: no tyres left\"，但 boxBox() 返回的是 \"\(empty)\"。使用交给这个比赛工程师的维修组，并把它保存在实例属性中（`private let crew: PitCrew`，强引用的 `let`，不要用 `weak`），不要放在静态属性里，也不要用 PitCrew.shared。")
        #expect(stocked == "Sainz: fresh tyres, 2 sets left", "A crew with 3 tyre sets should report \"Sainz: fresh tyres, 2 sets left\", but boxBox() returned \"\(stocked)\". Ask the crew this engineer was handed, kept in an instance property (`private let crew: PitCrew`, a strong `let`, not `weak`), not a static one or PitCrew.shared. [zh-Hans] 有 3 套轮胎的维修组应该报告 \"Sainz: fresh tyres, 2 sets left\"，但 boxBox() 返回的是 \"\(stocked)\"。使用交给这个比赛工程师的维修组，并把它保存在实例属性中（`private let crew: PitCrew`，强引用的 `let`，不要用 `weak`），不要放在静态属性里，也不要用 PitCrew.shared。")
        #expect(emptyRadio.messages == [empty] && stockedRadio.messages == [stocked], "Each engineer should send its report over its own radio, but the first radio sent \(emptyRadio.messages) and the second \(stockedRadio.messages). Keep the radio you were handed in an instance property, not a static one. [zh-Hans] 每个比赛工程师都应该通过自己的无线电发送报告，但第一台无线电发送的是 \(emptyRadio.messages)，第二台发送的是 \(stockedRadio.messages)。把交给你的无线电保存在实例属性中，不要放在静态属性里。")
    }

    @Test("an engineer with a crew never touches PitCrew.shared")
    func neverReachesForTheSingleton() {
        let before = PitCrew.sharedAccessCount
        let engineer = RaceEngineer(driver: "Norris", crew: PitCrew(tyreSets: 1), radio: SpyRadio())
        _ = engineer.boxBox()
        let reads = PitCrew.sharedAccessCount - before
        #expect(reads == 0, "RaceEngineer read PitCrew.shared \(reads) time\(reads == 1 ? "" : "s"). An engineer that is handed its crew must not reach for the singleton: remove every PitCrew.shared from RaceEngineer. [zh-Hans] RaceEngineer 读取了 \(reads) 次 PitCrew.shared。拿到维修组的比赛工程师不能再去取单例：删除 RaceEngineer 中所有的 PitCrew.shared。")
    }

    @Test("the radio it is handed tells the driver")
    func handedRadioTellsTheDriver() {
        Locator.reset()
        let radio = SpyRadio()
        let engineer = RaceEngineer(driver: "Piastri", crew: PitCrew(tyreSets: 1), radio: radio)
        let report = engineer.boxBox()
        #expect(radio.messages == [report], "The radio passed to RaceEngineer(driver:crew:radio:) should send exactly the crew's report \"\(report)\", but it sent \(radio.messages). Send through the radio you were handed, not one from the Locator. [zh-Hans] 传给 RaceEngineer(driver:crew:radio:) 的无线电应该只发送维修组的报告 \"\(report)\"，但它发送的是 \(radio.messages)。通过交给你的无线电发送，不要用从 Locator 取来的无线电。")
    }

    @Test("every boxBox() asks the crew once and sends exactly its report, repeats included (200 seeded sequences)")
    func everyReportSent() {
        // The model of the promise is a second crew with the same tyres: the engineer adds nothing and drops nothing.
        var generator = SeededGenerator(state: 0x06B0_0B0B)
        for round in 0..<200 {
            let tyres = Int.random(in: 0...3, using: &generator)
            let crew = PitCrew(tyreSets: tyres)
            let model = PitCrew(tyreSets: tyres)
            let radio = SpyRadio()
            let engineer = RaceEngineer(driver: "Ocon", crew: crew, radio: radio)
            var expected: [String] = []
            for stop in 1...Int.random(in: 1...7, using: &generator) {
                let report = engineer.boxBox()
                expected.append(model.changeTyres(for: "Ocon"))
                guard report == expected.last, radio.messages == expected else {
                    Issue.record("Sequence \(round) (seed 0x06B00B0B), a crew with \(tyres) tyre set\(tyres == 1 ? "" : "s"), stop \(stop): boxBox() should return the crew's report \"\(expected.last!)\" and the radio should have sent every report so far, \(expected); boxBox() returned \"\(report)\" and the radio sent \(radio.messages). Ask the crew once per boxBox() and send what it says, every time (also the same report twice in a row). [zh-Hans] 第 \(round) 组序列（种子 0x06B00B0B），维修组有 \(tyres) 套轮胎，第 \(stop) 次进站：boxBox() 应该返回维修组的报告 \"\(expected.last!)\"，无线电应该已经发送到目前为止的每一条报告 \(expected)；但 boxBox() 返回 \"\(report)\"，无线电发送的是 \(radio.messages)。每次 boxBox() 问一次维修组，并把它说的话发出去，每次都发（连续两次相同的报告也要发）。")
                    return
                }
            }
        }
    }

    @Test("the engineer keeps the radio it is handed")
    func keepsItsRadio() {
        weak var watcher: SpyRadio?
        let engineer: RaceEngineer
        do {
            let radio = SpyRadio()
            engineer = RaceEngineer(driver: "Albon", crew: PitCrew(tyreSets: 1), radio: radio)
            watcher = radio
        }
        #expect(watcher != nil, "The radio handed to RaceEngineer(driver:crew:radio:) was gone as soon as nobody else held it: the engineer does not keep it. Store the radio you are handed in a plain `let radio: any TeamRadio` (a radio is not a delegate: not `weak`) and send through it. [zh-Hans] 没有别人持有交给 RaceEngineer(driver:crew:radio:) 的无线电时，它立刻就消失了：比赛工程师没有保存它。把交给你的无线电保存在普通的 `let radio: any TeamRadio` 中（无线电不是代理：不要用 `weak`），并通过它发送。")
        let report = engineer.boxBox()
        if let radio = watcher {
            #expect(radio.messages == [report], "The radio nobody else holds should still send the report \"\(report)\", but it sent \(radio.messages). [zh-Hans] 没有别人持有的无线电也应该发送报告 \"\(report)\"，但它发送的是 \(radio.messages)。")
        }
    }

    @Test("an engineer is built and used with an empty locator")
    func worksWithAnEmptyLocator() {
        Locator.reset()
        let before = Locator.resolveCount
        let radio = SpyRadio()
        let engineer = RaceEngineer(driver: "Russell", crew: PitCrew(tyreSets: 2), radio: radio)
        let first = engineer.boxBox()
        let second = engineer.boxBox()
        let resolves = Locator.resolveCount - before
        #expect(resolves == 0, "RaceEngineer asked the Locator \(resolves) time\(resolves == 1 ? "" : "s"). An engineer that is handed its radio must not look anything up: remove Locator.resolve from RaceEngineer. [zh-Hans] RaceEngineer 向 Locator 查询了 \(resolves) 次。拿到无线电的比赛工程师不能再去查找任何东西：删除 RaceEngineer 中的 Locator.resolve。")
        #expect(radio.messages == [first, second], "With nothing registered in the Locator, the handed radio should still send both reports, but it sent \(radio.messages). [zh-Hans] Locator 中什么都没注册时，交给它的无线电也应该发送两份报告，但它发送的是 \(radio.messages)。")
    }

    @Test("the team builds one crew for all its engineers, without globals")
    func teamWiresOneCrew() throws {
        Locator.reset()
        let crewReadsBefore = PitCrew.sharedAccessCount
        let resolvesBefore = Locator.resolveCount
        let team = RaceTeam(drivers: ["Leclerc", "Sainz"])
        let teamCrewReads = PitCrew.sharedAccessCount - crewReadsBefore
        let teamResolves = Locator.resolveCount - resolvesBefore
        try #require(team.engineers.count == 2, "RaceTeam(drivers:) should build one engineer per driver, in order; it built \(team.engineers.count). [zh-Hans] RaceTeam(drivers:) 应该按顺序为每位车手创建一个比赛工程师；它创建了 \(team.engineers.count) 个。")
        let first = team.engineers[0].boxBox()
        let second = team.engineers[1].boxBox()
        let engineerCrewReads = PitCrew.sharedAccessCount - crewReadsBefore - teamCrewReads
        let engineerResolves = Locator.resolveCount - resolvesBefore - teamResolves
        #expect(first == "Leclerc: fresh tyres, 3 sets left", "The team's crew starts with 4 tyre sets, so the first stop should report \"Leclerc: fresh tyres, 3 sets left\"; it reported \"\(first)\". Build PitCrew(tyreSets: 4) in RaceTeam. [zh-Hans] 车队的维修组一开始有 4 套轮胎，所以第一次进站应该报告 \"Leclerc: fresh tyres, 3 sets left\"；它报告的是 \"\(first)\"。在 RaceTeam 中创建 PitCrew(tyreSets: 4)。")
        #expect(second == "Sainz: fresh tyres, 2 sets left", "Both engineers share the team's one crew, so the second stop should report \"Sainz: fresh tyres, 2 sets left\"; it reported \"\(second)\". Build the crew once in RaceTeam and hand the same one to every engineer. [zh-Hans] 两个比赛工程师共用车队唯一的维修组，所以第二次进站应该报告 \"Sainz: fresh tyres, 2 sets left\"；它报告的是 \"\(second)\"。在 RaceTeam 中只创建一次维修组，并把同一个维修组交给每个比赛工程师。")
        #expect(teamCrewReads == 0, "RaceTeam(drivers:) read PitCrew.shared \(teamCrewReads) time\(teamCrewReads == 1 ? "" : "s") while it built its engineers. The team is where the crew is made: build PitCrew(tyreSets: 4) there and pass it in. [zh-Hans] RaceTeam(drivers:) 在创建比赛工程师时读取了 \(teamCrewReads) 次 PitCrew.shared。维修组应该在车队里创建：在那里创建 PitCrew(tyreSets: 4) 并把它传进去。")
        #expect(engineerCrewReads == 0, "The team's engineers read PitCrew.shared \(engineerCrewReads) time\(engineerCrewReads == 1 ? "" : "s") in boxBox(). Use the crew handed to RaceEngineer(driver:crew:radio:). [zh-Hans] 车队的比赛工程师在 boxBox() 中读取了 \(engineerCrewReads) 次 PitCrew.shared。请使用交给 RaceEngineer(driver:crew:radio:) 的维修组。")
        #expect(teamResolves == 0, "RaceTeam(drivers:) asked the Locator \(teamResolves) time\(teamResolves == 1 ? "" : "s") while it built its engineers. Build the radio in RaceTeam (PitLaneRadio()) and pass it in, without looking anything up. [zh-Hans] RaceTeam(drivers:) 在创建比赛工程师时向 Locator 查询了 \(teamResolves) 次。在 RaceTeam 中创建无线电（PitLaneRadio()）并把它传进去，不要查找任何东西。")
        #expect(engineerResolves == 0, "The team's engineers asked the Locator \(engineerResolves) time\(engineerResolves == 1 ? "" : "s") in boxBox(). Send through the radio handed to RaceEngineer(driver:crew:radio:). [zh-Hans] 车队的比赛工程师在 boxBox() 中向 Locator 查询了 \(engineerResolves) 次。通过交给 RaceEngineer(driver:crew:radio:) 的无线电发送。")
    }

    @Test("a team of any size and any list of drivers (a name twice, an empty name, a name with spaces around it, taken as written) builds one engineer per driver, in order, sharing one crew of 4 tyre sets (200 seeded lists)")
    func anySizeOfTeam() throws {
        // The model: engineer i is the i-th name of the list, whatever the list holds; the one crew has 4 sets, so
        // the i-th stop (in the order of the list) gets a set while any is left.
        // Names are taken as written: spaces around them, a line break, another case are part of the name.
        let pool = ["Leclerc", "Sainz", "Norris", "Piastri", "Russell", "Albon", "", "周冠宇", " Leclerc", "Sainz ", "norris\n", "  ", "Dr. Hülkenberg"]
        var generator = SeededGenerator(state: 0x06D2_1BE5)
        for round in 0..<200 {
            // Sizes from none to a whole paddock's worth: no cap on the number of drivers.
            let bounds = [1...9, 10...40, 41...300, 0...0][round % 4]
            let size = round < pool.count ? round + 1 : Int.random(in: bounds, using: &generator)
            let drivers = round < pool.count ? Array(pool.prefix(size))
                : (0..<size).map { _ in pool[Int.random(in: 0..<(round % 2 == 0 ? 3 : pool.count), using: &generator)] }
            let list = drivers.count <= 12 ? "\(drivers)" : "(\(drivers.count) drivers) \(Array(drivers.prefix(6))) ... \(Array(drivers.suffix(3)))"
            let team = RaceTeam(drivers: drivers)
            try #require(team.engineers.count == drivers.count, "RaceTeam(drivers: \(list)) should build \(drivers.count) engineers, one per driver in the list (a name given twice gets two, an empty name one too); it built \(team.engineers.count). Map every name of the list to an engineer, without filtering or merging. [zh-Hans] RaceTeam(drivers: \(list)) 应该创建 \(drivers.count) 个比赛工程师，列表中每位车手一个（出现两次的名字有两个，空名字也有一个）；它创建了 \(team.engineers.count) 个。把列表中的每个名字都映射成一个比赛工程师，不要过滤或合并。")
            // Engineers that are objects are one each: a name given twice gets two engineers, not one listed twice.
            if RaceEngineer.self is AnyClass {
                let distinct = Set(team.engineers.map { ObjectIdentifier($0 as AnyObject) }).count
                try #require(distinct == drivers.count, "RaceTeam(drivers: \(list)) should build \(drivers.count) engineers, one for each entry of the list; its \(team.engineers.count) entries hold only \(distinct) different engineers, so a name given twice shares one engineer. Build a new RaceEngineer for every entry: do not look up one built earlier for the same name. [zh-Hans] RaceTeam(drivers: \(list)) 应该创建 \(drivers.count) 个比赛工程师，列表中每一项一个；它的 \(team.engineers.count) 项里只有 \(distinct) 个不同的比赛工程师，所以出现两次的名字共用了一个比赛工程师。为每一项创建一个新的 RaceEngineer：不要去找之前为同一个名字创建的那个。")
            }
            let reports = team.engineers.map { $0.boxBox() }
            let expected = drivers.enumerated().map { index, driver in
                index < 4 ? "\(driver): fresh tyres, \(3 - index) set\(3 - index == 1 ? "" : "s") left" : "\(driver): no tyres left"
            }
            #expect(reports == expected, "A team of \(list) has one crew with 4 tyre sets, shared by all its engineers, in the order of the list, so one stop each should report \(expected.count <= 12 ? "\(expected)" : "\(Array(expected.prefix(5))) and \(expected.count - 5) more"); it reported \(reports.count <= 12 ? "\(reports)" : "\(reports.count) lines, first \(Array(reports.prefix(5)))"). Build one PitCrew(tyreSets: 4) in RaceTeam, whatever the number of drivers, and hand that same crew to every engineer. [zh-Hans] 车手为 \(list) 的车队只有一个维修组，有 4 套轮胎，按列表顺序由所有比赛工程师共用，所以每人进站一次应该报告 \(expected)；它报告的是 \(reports)。无论有多少车手，都在 RaceTeam 中只创建一个 PitCrew(tyreSets: 4)，并把同一个维修组交给每个比赛工程师。")
            if reports != expected { break }
        }
    }

    @Test("the team builds its engineers once and keeps them: every read of engineers gives the same engineers")
    func teamKeepsItsEngineers() throws {
        let team = RaceTeam(drivers: ["Leclerc", "Sainz", "Norris"])
        let first = team.engineers
        let again = team.engineers
        try #require(first.count == 3 && again.count == 3, "RaceTeam(drivers:) should build one engineer per driver; it gave \(first.count), then \(again.count). [zh-Hans] RaceTeam(drivers:) 应该为每位车手创建一个比赛工程师；它先给了 \(first.count) 个，然后给了 \(again.count) 个。")
        // Engineers that are objects keep their identity; engineers that are values have none to keep.
        let sameEngineers = !(RaceEngineer.self is AnyClass) || zip(first, again).allSatisfy { ($0 as AnyObject) === ($1 as AnyObject) }
        #expect(sameEngineers, "Reading team.engineers twice gave different engineers: the team builds a new set at every read, so the app never holds one engineer per driver. Build the engineers once, in RaceTeam's init, and keep them in `let engineers`. [zh-Hans] 两次读取 team.engineers 得到了不同的比赛工程师：车队每次被读取都创建一组新的，应用永远无法让每位车手只有一个比赛工程师。在 RaceTeam 的 init 中只创建一次比赛工程师，并保存在 `let engineers` 中。")
        _ = first[0].boxBox()
        let second = again[1].boxBox()
        #expect(second == "Sainz: fresh tyres, 2 sets left", "The engineers read at two different times should share the team's one crew; the second stop reported \"\(second)\". [zh-Hans] 在不同时间读取到的比赛工程师应该共用车队唯一的维修组；第二次进站报告的是 \"\(second)\"。")
    }

    @Test("the team hands one radio to all its engineers")
    func teamSharesOneRadio() throws {
        Locator.reset()
        let team = RaceTeam(drivers: ["Leclerc", "Sainz"])
        try #require(team.engineers.count == 2, "RaceTeam(drivers:) should build one engineer per driver, in order; it built \(team.engineers.count). [zh-Hans] RaceTeam(drivers:) 应该按顺序为每位车手创建一个比赛工程师；它创建了 \(team.engineers.count) 个。")
        let first = team.engineers[0].boxBox()
        let second = team.engineers[1].boxBox()
        var radios = pitLaneRadios(keptBy: team.engineers[0])
        for radio in pitLaneRadios(keptBy: team.engineers[1]) where !radios.contains(where: { $0 === radio }) {
            radios.append(radio)
        }
        try #require(!radios.isEmpty, "The team's engineers keep no PitLaneRadio. Build one PitLaneRadio() in RaceTeam and hand it to every engineer through RaceEngineer(driver:crew:radio:); the engineer keeps it in a `let`. [zh-Hans] 车队的比赛工程师没有保存任何 PitLaneRadio。在 RaceTeam 中创建一个 PitLaneRadio()，通过 RaceEngineer(driver:crew:radio:) 把它交给每个比赛工程师；比赛工程师把它保存在 `let` 中。")
        for radio in radios {
            #expect(radio.transcript == [first, second], "The team's engineers should share one radio, so both reports end up in one transcript: [\"\(first)\", \"\(second)\"]. But the team's engineers use \(radios.count) radio\(radios.count == 1 ? "" : "s"), and one transcript holds \(radio.transcript). Build the radio once in RaceTeam's init (`let radio = PitLaneRadio()`), outside the loop over the drivers, and hand that same radio to every engineer. [zh-Hans] 车队的比赛工程师应该共用一台无线电，这样两份报告都在同一份记录里：[\"\(first)\", \"\(second)\"]。但车队的比赛工程师用了 \(radios.count) 台无线电，其中一份记录是 \(radio.transcript)。在 RaceTeam 的初始化方法中、在遍历车手的循环之外只创建一次无线电（`let radio = PitLaneRadio()`），并把同一台无线电交给每个比赛工程师。")
        }
    }

    @Test("the team hands its engineers the one PitLaneRadio as it is: every report of every engineer reaches its transcript, in order, repeats included (200 seeded sequences)")
    func teamRadioSendsEveryReport() {
        // The model of the promise: one crew of 4 sets asked in the same order, and one radio that sends what it is given.
        var generator = SeededGenerator(state: 0x06_7EA4)
        let names = ["Leclerc", "Sainz", "Hamilton"]
        for round in 0..<200 {
            Locator.reset()
            let drivers = (0..<Int.random(in: 1...3, using: &generator)).map { _ in names[Int.random(in: 0..<names.count, using: &generator)] }
            let team = RaceTeam(drivers: drivers)
            guard team.engineers.count == drivers.count else {
                Issue.record("Sequence \(round) (seed 0x067EA4): RaceTeam(drivers: \(drivers)) should build one engineer per driver; it built \(team.engineers.count). [zh-Hans] 第 \(round) 组序列（种子 0x067EA4）：RaceTeam(drivers: \(drivers)) 应该为每位车手创建一个比赛工程师；它创建了 \(team.engineers.count) 个。")
                return
            }
            let model = PitCrew(tyreSets: 4)
            var expected: [String] = []
            var stops: [String] = []
            for _ in 0..<Int.random(in: 1...9, using: &generator) {
                let index = Int.random(in: 0..<drivers.count, using: &generator)
                _ = team.engineers[index].boxBox()
                expected.append(model.changeTyres(for: drivers[index]))
                stops.append("engineer \(index) (\(drivers[index]))")
            }
            var radios: [PitLaneRadio] = []
            for engineer in team.engineers {
                for radio in pitLaneRadios(keptBy: engineer) where !radios.contains(where: { $0 === radio }) { radios.append(radio) }
            }
            guard radios.count == 1, radios[0].transcript == expected else {
                Issue.record("Sequence \(round) (seed 0x067EA4), drivers \(drivers), stops by \(stops.joined(separator: ", ")): the team's one PitLaneRadio should have sent every report, in order, the same report twice in a row included: \(expected). The team's engineers keep \(radios.count) PitLaneRadio\(radios.count == 1 ? "" : "s"), whose transcripts are \(radios.map(\.transcript)). Hand the PitLaneRadio() itself to every engineer, with nothing in between that drops, merges or changes a message. [zh-Hans] 第 \(round) 组序列（种子 0x067EA4），车手 \(drivers)，进站顺序 \(stops.joined(separator: "、"))：车队唯一的 PitLaneRadio 应该按顺序发出每一份报告，连续两次相同的报告也要发：\(expected)。车队的比赛工程师保存了 \(radios.count) 台 PitLaneRadio，它们的记录是 \(radios.map(\.transcript))。把 PitLaneRadio() 本身交给每个比赛工程师，中间不要有任何会丢弃、合并或改动消息的东西。")
                return
            }
        }
    }

    @Test("two teams have two crews")
    func twoTeamsTwoCrews() throws {
        // Both teams exist before either engineer boxes: a crew kept in a
        // static (shared by every team) would show up here.
        let red = RaceTeam(drivers: ["Leclerc"])
        let orange = RaceTeam(drivers: ["Norris"])
        try #require(red.engineers.count == 1 && orange.engineers.count == 1, "RaceTeam(drivers:) should build one engineer per driver. [zh-Hans] RaceTeam(drivers:) 应该为每位车手创建一个比赛工程师。")
        let redStop = red.engineers[0].boxBox()
        let orangeStop = orange.engineers[0].boxBox()
        #expect(redStop == "Leclerc: fresh tyres, 3 sets left", "A new team's crew starts with 4 tyre sets, so its first stop should report \"Leclerc: fresh tyres, 3 sets left\"; it reported \"\(redStop)\". [zh-Hans] 新车队的维修组一开始有 4 套轮胎，所以它的第一次进站应该报告 \"Leclerc: fresh tyres, 3 sets left\"；它报告的是 \"\(redStop)\"。")
        #expect(orangeStop == "Norris: fresh tyres, 3 sets left", "Each team has a crew of its own: the second team's first stop should report \"Norris: fresh tyres, 3 sets left\", but it reported \"\(orangeStop)\". Build the crew inside RaceTeam's init (a local `let crew = PitCrew(tyreSets: 4)`), not in a static property shared by every team. [zh-Hans] 每个车队都有自己的维修组：第二个车队的第一次进站应该报告 \"Norris: fresh tyres, 3 sets left\"，但它报告的是 \"\(orangeStop)\"。在 RaceTeam 的初始化方法中创建维修组（一个局部的 `let crew = PitCrew(tyreSets: 4)`），不要放在所有车队共用的静态属性里。")
    }

    @Test("the team registers nothing in the locator")
    func teamRegistersNothing() {
        Locator.reset()
        _ = RaceTeam(drivers: ["Leclerc", "Sainz"])
        let leftover = Locator.resolve((any TeamRadio).self)
        Locator.reset()
        #expect(leftover == nil, "After RaceTeam(drivers:) was built, the Locator hands out a radio to anyone who asks: the team still registers one. The team hands its radio to every engineer directly; delete the Locator.register line from RaceTeam. [zh-Hans] RaceTeam(drivers:) 创建完成后，Locator 仍会把一台无线电交给任何来要的人：车队仍然注册了一台。车队直接把它的无线电交给每个比赛工程师；删除 RaceTeam 中的 Locator.register 这一行。")
    }
}
