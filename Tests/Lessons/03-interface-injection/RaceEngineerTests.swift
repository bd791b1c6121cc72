import Testing
@testable import InterfaceInjection

/// A radio that knows nothing but the narrow protocol: no battery, no
/// firmware, no channels. It records what is sent and answers as told.
final class FakeRadio: PitRadio {
    let acknowledges: Bool
    private(set) var sent: [String] = []

    init(acknowledges: Bool = true) {
        self.acknowledges = acknowledges
    }

    func send(_ message: String) -> Bool {
        sent.append(message)
        return acknowledges
    }
}

/// A crew member the assembler has never heard of: it only adopts the
/// injector protocol, and writes down every radio it is given.
final class SpyCrewMember: RadioInjectable {
    private(set) var radios: [any PitRadio] = []

    func inject(radio: any PitRadio) {
        radios.append(radio)
    }
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

@Suite("Interface injection", .serialized)
struct RaceEngineerTests {
    @Test("a fake radio that only knows send(_:) drives the engineer")
    func fakeDrivesTheEngineer() {
        let radio = FakeRadio()
        let engineer = RaceEngineer()
        engineer.inject(radio: radio)
        let report = engineer.callPitStop(onLap: 12)
        #expect(radio.sent == ["Box, box! Lap 12."], "The engineer should send \"Box, box! Lap 12.\" once through the radio given to inject(radio:), but the radio sent \(radio.sent). [zh-Hans] 比赛工程师应该通过交给 inject(radio:) 的无线电发送一次 \"Box, box! Lap 12.\"，但这台无线电发送的是 \(radio.sent)。")
        #expect(report == "Driver confirmed: box on lap 12.", "When the radio's send(_:) returns true, callPitStop(onLap:) should return \"Driver confirmed: box on lap 12.\", not \"\(report)\". [zh-Hans] 无线电的 send(_:) 返回 true 时，callPitStop(onLap:) 应该返回 \"Driver confirmed: box on lap 12.\"，而不是 \"\(report)\"。")
    }

    @Test("two radios give two different answers")
    func twoRadiosTwoAnswers() {
        let heard = RaceEngineer()
        let ignored = RaceEngineer()
        heard.inject(radio: FakeRadio(acknowledges: true))
        ignored.inject(radio: FakeRadio(acknowledges: false))
        let first = heard.callPitStop(onLap: 20)
        let second = ignored.callPitStop(onLap: 20)
        #expect(first == "Driver confirmed: box on lap 20.", "An engineer whose radio acknowledges should report \"Driver confirmed: box on lap 20.\", not \"\(first)\". Each engineer must keep the radio it was injected with in an instance property, not in a static or global variable shared by every engineer. [zh-Hans] 无线电有应答的比赛工程师应该报告 \"Driver confirmed: box on lap 20.\"，而不是 \"\(first)\"。每个比赛工程师都必须把注入给它的无线电保存在实例属性中，不要放在所有比赛工程师共用的静态变量或全局变量里。")
        #expect(second == "No reply: box on lap 20.", "An engineer whose radio does not acknowledge should report \"No reply: box on lap 20.\", not \"\(second)\". Does the engineer use the answer of the radio it was injected with? [zh-Hans] 无线电没有应答的比赛工程师应该报告 \"No reply: box on lap 20.\"，而不是 \"\(second)\"。比赛工程师用的是注入给它的那台无线电的应答吗？")
    }

    @Test("the assembler wires any crew member through RadioInjectable")
    func assemblerUsesTheInjectorProtocol() {
        let radio = FakeRadio()
        let stranger = SpyCrewMember()
        RadioAssembler(radio: radio).wire(stranger)
        #expect(stranger.radios.count == 1, "RadioAssembler.wire(_:) should call inject(radio:) exactly once on any RadioInjectable it is given, but it was called \(stranger.radios.count) time\(stranger.radios.count == 1 ? "" : "s"). Do not look for concrete types in wire(_:): call the protocol's method. [zh-Hans] RadioAssembler.wire(_:) 应该对交给它的任何 RadioInjectable 调用一次 inject(radio:)，但实际调用了 \(stranger.radios.count) 次。不要在 wire(_:) 中查找具体类型：调用协议的方法。")
        _ = stranger.radios.first?.send("Radio check.")
        #expect(radio.sent == ["Radio check."], "The crew member should receive the radio the assembler was built with. [zh-Hans] 维修组成员应该收到装配器创建时拿到的那台无线电。")
        let handed = stranger.radios.first.map { $0 as AnyObject }
        #expect(handed === radio, "The crew member should get the very radio the assembler was built with (the same object), but it got \(stranger.radios.first.map { String(describing: type(of: $0)) } ?? "nothing"). Hand the radio over as it is: no wrapper, proxy or copy in between. [zh-Hans] 维修组成员应该拿到装配器创建时拿到的那台无线电本身（同一个对象），但它拿到的是 \(stranger.radios.first.map { String(describing: type(of: $0)) } ?? "nothing")。原样交出无线电：中间不要有包装、代理或副本。")
    }

    @Test("the assembler wires the engineer to its radio")
    func assemblerWiresTheEngineer() {
        let radio = FakeRadio()
        let engineer = RaceEngineer()
        RadioAssembler(radio: radio).wire(engineer)
        _ = engineer.callPitStop(onLap: 7)
        #expect(radio.sent == ["Box, box! Lap 7."], "After RadioAssembler(radio:).wire(engineer), the engineer should call through the assembler's radio, but that radio sent \(radio.sent). [zh-Hans] 执行 RadioAssembler(radio:).wire(engineer) 之后，比赛工程师应该通过装配器的无线电呼叫，但那台无线电发送的是 \(radio.sent)。")
    }

    @Test("two assemblers hand out their own radios")
    func twoAssemblersTwoRadios() {
        // Both assemblers exist before either wires anyone: a radio kept in a
        // static (shared by every assembler) would show up here.
        let pitWallRadio = FakeRadio()
        let garageRadio = FakeRadio()
        let pitWall = RadioAssembler(radio: pitWallRadio)
        let garage = RadioAssembler(radio: garageRadio)
        let first = RaceEngineer()
        let second = RaceEngineer()
        pitWall.wire(first)
        garage.wire(second)
        _ = first.callPitStop(onLap: 1)
        _ = second.callPitStop(onLap: 2)
        #expect(pitWallRadio.sent == ["Box, box! Lap 1."], "The engineer wired by the first assembler should call through that assembler's radio, but it sent \(pitWallRadio.sent). Keep the radio in an instance property of RadioAssembler (and of RaceEngineer), not in a static one. [zh-Hans] 第一个装配器装配的比赛工程师应该通过这个装配器的无线电呼叫，但它发送的是 \(pitWallRadio.sent)。把无线电保存在 RadioAssembler（以及 RaceEngineer）的实例属性中，不要放在静态属性里。")
        #expect(garageRadio.sent == ["Box, box! Lap 2."], "The engineer wired by the second assembler should call through that assembler's radio, but it sent \(garageRadio.sent). Keep the radio in an instance property of RadioAssembler (and of RaceEngineer), not in a static one. [zh-Hans] 第二个装配器装配的比赛工程师应该通过这个装配器的无线电呼叫，但它发送的是 \(garageRadio.sent)。把无线电保存在 RadioAssembler（以及 RaceEngineer）的实例属性中，不要放在静态属性里。")
    }

    @Test("an engineer nobody wired says so, and no TeamRadio is ever made")
    func noConcreteRadioNeeded() {
        let before = TeamRadio.instancesMade
        let engineer = RaceEngineer()
        let unwired = engineer.callPitStop(onLap: 5)
        #expect(unwired == "No radio: cannot call lap 5.", "Before any radio is injected, callPitStop(onLap:) should return \"No radio: cannot call lap 5.\", not \"\(unwired)\". Do not give the engineer a radio of its own. [zh-Hans] 注入任何无线电之前，callPitStop(onLap:) 应该返回 \"No radio: cannot call lap 5.\"，而不是 \"\(unwired)\"。不要让比赛工程师自带一台无线电。")
        RadioAssembler(radio: FakeRadio()).wire(engineer)
        _ = engineer.callPitStop(onLap: 6)
        let made = TeamRadio.instancesMade - before
        #expect(made == 0, "\(made) TeamRadio\(made == 1 ? " was" : "s were") built while the engineer worked with a fake. The engineer and the assembler should depend on PitRadio only, and never build a TeamRadio themselves. [zh-Hans] 比赛工程师使用假对象工作时，创建了 \(made) 个 TeamRadio。比赛工程师和装配器应该只依赖 PitRadio，自己永远不创建 TeamRadio。")
    }

    @Test("a radio injected again replaces the first, and each call is sent once")
    func injectedAgainReplaces() {
        let first = FakeRadio(acknowledges: false)
        let second = FakeRadio(acknowledges: false)
        let engineer = RaceEngineer()
        engineer.inject(radio: first)
        _ = engineer.callPitStop(onLap: 7)
        engineer.inject(radio: second)
        let report = engineer.callPitStop(onLap: 8)
        #expect(first.sent == ["Box, box! Lap 7."], "The first radio should carry only the call made while it was injected, once: it sent \(first.sent). Send each call once, even when the driver does not answer, and use the radio injected last. [zh-Hans] 第一台无线电应该只传送它被注入期间的那次呼叫，而且只一次：它发送的是 \(first.sent)。每次呼叫只发送一次，即使车手没有应答；并使用最后注入的那台无线电。")
        #expect(second.sent == ["Box, box! Lap 8."], "inject(radio:) can be called again, and the new radio replaces the old one: the second radio should carry \"Box, box! Lap 8.\" once, but it sent \(second.sent). [zh-Hans] inject(radio:) 可以再次调用，新的无线电会替换旧的：第二台无线电应该发送一次 \"Box, box! Lap 8.\"，但它发送的是 \(second.sent)。")
        #expect(report == "No reply: box on lap 8.", "With a radio that does not acknowledge, callPitStop(onLap:) should return \"No reply: box on lap 8.\", not \"\(report)\". [zh-Hans] 无线电没有应答时，callPitStop(onLap:) 应该返回 \"No reply: box on lap 8.\"，而不是 \"\(report)\"。")
    }

    @Test("300 seeded sequences of injections and calls: each call goes once over the radio injected last")
    func seededInjectionsAndCalls() {
        // The model of the promise: the radio in use is the one injected last (none before the first injection),
        // every call is sent once over it, and the report says what that radio answered.
        var generator = SeededGenerator(state: 0x0300_1AB5)
        for round in 0..<300 {
            let engineer = RaceEngineer()
            var radios: [FakeRadio] = []
            var expectedSent: [[String]] = []
            var current: Int?
            var steps: [String] = []
            for _ in 0..<Int.random(in: 1...10, using: &generator) {
                if Int.random(in: 0..<3, using: &generator) == 0 {
                    let acknowledges = Bool.random(using: &generator)
                    radios.append(FakeRadio(acknowledges: acknowledges))
                    expectedSent.append([])
                    current = radios.count - 1
                    engineer.inject(radio: radios[radios.count - 1])
                    steps.append("inject radio \(radios.count) (\(acknowledges ? "answers" : "silent"))")
                } else {
                    // Any lap number the original took: a race's first laps, a 24-hour race's hundreds, numbers far
                    // beyond, and the formation lap (0) or a number below it that the caller got wrong: the engineer
                    // passes on what it was asked, it does not judge it.
                    let lap = [Int.random(in: 1...80, using: &generator), Int.random(in: 1...500, using: &generator),
                               Int.random(in: 1...Int.max, using: &generator), Int.random(in: -3...0, using: &generator),
                               Int.random(in: Int.min...0, using: &generator)].randomElement(using: &generator)!
                    let report = engineer.callPitStop(onLap: lap)
                    steps.append("call lap \(lap)")
                    let expected: String
                    if let current {
                        expectedSent[current].append("Box, box! Lap \(lap).")
                        expected = radios[current].acknowledges ? "Driver confirmed: box on lap \(lap)." : "No reply: box on lap \(lap)."
                    } else {
                        expected = "No radio: cannot call lap \(lap)."
                    }
                    let sent = radios.map(\.sent)
                    guard report == expected, sent == expectedSent else {
                        Issue.record("Sequence \(round) (seed 0x03001AB5): \(steps.joined(separator: ", ")). The last call should return \"\(expected)\" with the radios having sent \(expectedSent); it returned \"\(report)\" and they sent \(sent). Use the radio injected last (a new inject(radio:) always replaces the old one, whatever the old one answered), and send each call once, whatever the lap number (no special case for any). [zh-Hans] 第 \(round) 组序列（种子 0x03001AB5）：\(steps.joined(separator: ", "))。最后一次呼叫应该返回 \"\(expected)\"，各台无线电应该已经发送 \(expectedSent)；它返回 \"\(report)\"，无线电发送的是 \(sent)。使用最后注入的无线电（新的 inject(radio:) 总是替换旧的，不管旧的答没答），每次呼叫只发送一次，不管圈数是多少（不对任何圈数特殊处理）。")
                        return
                    }
                }
            }
        }
    }

    @Test("a call for a lap already called is sent again, once per call")
    func sameLapTwice() {
        let radio = FakeRadio(acknowledges: false)
        let engineer = RaceEngineer()
        engineer.inject(radio: radio)
        let first = engineer.callPitStop(onLap: 5)
        let again = engineer.callPitStop(onLap: 5)
        #expect(radio.sent == ["Box, box! Lap 5.", "Box, box! Lap 5."], "Calling callPitStop(onLap: 5) twice should send \"Box, box! Lap 5.\" twice, once per call, but the radio sent \(radio.sent). Each call is sent once: do not skip, cache or replay a call because the same lap was called before. [zh-Hans] 调用两次 callPitStop(onLap: 5) 应该发送两次 \"Box, box! Lap 5.\"，每次调用一次，但无线电发送的是 \(radio.sent)。每次呼叫都发送一次：不要因为同一圈以前呼叫过就跳过、缓存或重放。")
        #expect(first == "No reply: box on lap 5." && again == first, "Both calls went unanswered, so both should return \"No reply: box on lap 5.\", not \"\(first)\" and \"\(again)\". [zh-Hans] 两次呼叫都没有应答，所以都应该返回 \"No reply: box on lap 5.\"，而不是 \"\(first)\" 和 \"\(again)\"。")
    }

    @Test("the radio the assembler hands over sends each call once, even unanswered")
    func assembledRadioSendsOnce() {
        // The driver never answers here: a radio that resends or adds a message
        // when there is no reply shows up.
        let radio = FakeRadio(acknowledges: false)
        let assembler = RadioAssembler(radio: radio)
        let engineer = RaceEngineer()
        assembler.wire(engineer)
        let report = engineer.callPitStop(onLap: 9)
        #expect(radio.sent == ["Box, box! Lap 9."], "After RadioAssembler(radio:).wire(engineer), a call the driver does not answer should go out once, as \"Box, box! Lap 9.\", but the assembler's radio sent \(radio.sent). The assembler hands over the radio it was given, as it is: no wrapper that resends or adds messages when there is no reply. [zh-Hans] 执行 RadioAssembler(radio:).wire(engineer) 之后，车手没有应答的呼叫应该只发出一次，即 \"Box, box! Lap 9.\"，但装配器的无线电发送的是 \(radio.sent)。装配器原样交出它拿到的无线电：不要用在没有应答时重发或追加消息的包装。")
        #expect(report == "No reply: box on lap 9.", "When the driver does not answer, callPitStop(onLap:) should return \"No reply: box on lap 9.\", not \"\(report)\". [zh-Hans] 车手没有应答时，callPitStop(onLap:) 应该返回 \"No reply: box on lap 9.\"，而不是 \"\(report)\"。")
        let stranger = SpyCrewMember()
        assembler.wire(stranger)
        let answered = stranger.radios.first?.send("Radio check.")
        #expect(answered == false && radio.sent == ["Box, box! Lap 9.", "Radio check."], "A crew member wired by the assembler should get the assembler's radio as it is: one message sent is one message on the radio, and its answer (here: none) comes back unchanged. The radio sent \(radio.sent). [zh-Hans] 由装配器装配的维修组成员应该原样拿到装配器的无线电：发送一条消息，无线电上就只有一条，它的应答（这里是没有应答）原样返回。这台无线电发送的是 \(radio.sent)。")
    }

    @Test("the real TeamRadio still plugs in")
    func realRadioConforms() {
        let radio = TeamRadio()
        let engineer = RaceEngineer()
        RadioAssembler(radio: radio).wire(engineer)
        let report = engineer.callPitStop(onLap: 3)
        #expect(report == "Driver confirmed: box on lap 3.", "With the real TeamRadio, callPitStop(onLap:) should return \"Driver confirmed: box on lap 3.\", not \"\(report)\". [zh-Hans] 使用真正的 TeamRadio 时，callPitStop(onLap:) 应该返回 \"Driver confirmed: box on lap 3.\"，而不是 \"\(report)\"。")
        #expect(radio.transmissions == ["Box, box! Lap 3."], "The real TeamRadio should carry the message, but it sent \(radio.transmissions). [zh-Hans] 真正的 TeamRadio 应该传送这条消息，但它发送的是 \(radio.transmissions)。")
    }
}
