import Foundation
import Testing
@testable import KataCore

@Suite("The syntax dump's JSON scanner")
struct DumpTreeDecoderTests {
    /// What `JSONSerialization` makes of the text (the decoder must agree), as an object.
    static func foundation(_ bytes: [UInt8]) -> NSDictionary? {
        (try? JSONSerialization.jsonObject(with: Data(bytes))) as? NSDictionary
    }

    static func decoded(_ text: String) -> DumpTree? { DumpTree.parse(Array(text.utf8)) }

    static func dictionary(_ tree: DumpTree) -> NSDictionary {
        NSDictionary(dictionary: foundationValue(tree, tree.root) as! [String: Any])
    }

    static func named(_ tree: DumpTree) -> [String: Int] {
        var values: [String: Int] = [:]
        for child in tree.children(tree.root) { values[tree.name(ofSymbol: Int32(tree.nodes[child].key))] = child }
        return values
    }

    @Test("every shape the dump uses decodes as JSONSerialization decodes it")
    func validShapes() throws {
        let texts = [
            #"{"_kind":"source_file","items":[]}"#,
            #"{"s":"a\"b\\c\/d\b\f\n\r\t","u":"\u00e9\u00E9 \ud83d\ude00 \u0000","raw":"héllo ✓ 😀 \#u{7f}"}"#,
            #"{"n":[0,-0,-1,12,12.5,1e3,1E+3,-0.5e-2,9007199254740993]}"#,
            #"{"t":true,"f":false,"z":null,"o":{},"a":[],"e":""}"#,
            #"{"nested":[[{"k":[{},[],[[]]]}]],"range":{"start":10,"end":20}}"#,
            " \n{ \"a\" : [ 1 , 2 ] ,\t\"b\" :{ } }\r\n",
            #"{"trailing":[1,2,],"x":{"y":1,},}"#,
            #"{"\u005fkind":"escaped_key","k\u00e9y":1}"#,
            #"{"dup":1,"dup":{"later":true},"_kind":"a","_kind":"b"}"#,
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            let expected = try #require(Self.foundation(bytes), "JSONSerialization reads \(text)")
            let tree = try #require(DumpTree.parse(bytes), "the decoder reads \(text)")
            #expect(Self.dictionary(tree).isEqual(expected), "\(text)")
        }
    }

    @Test("values read as the walk asks for them: strings with escapes, numbers, booleans, kinds")
    func reads() throws {
        let tree = try #require(Self.decoded(#"{"_kind":"source_file","s":"a\nb\u00e9\"","n":-42,"w":3.0,"h":2.5,"t":true,"f":false,"items":[]}"#))
        #expect(tree.isKind(tree.root, .source_file))
        #expect(tree.name(ofSymbol: tree.kind(tree.root)) == "source_file")
        let values = Self.named(tree)
        #expect(tree.string(values["s"]!) == "a\nbé\"")
        #expect(tree.int(values["n"]!) == -42)
        #expect(tree.int(values["w"]!) == 3)
        #expect(tree.int(values["h"]!) == nil)
        #expect(tree.bool(values["t"]!) == true && tree.bool(values["f"]!) == false)
        #expect(tree.string(values["n"]!) == nil)
        #expect(tree.stringEquals(values["_kind"]!, "source_file"))
        #expect(!tree.stringEquals(values["_kind"]!, "source"))
        #expect(tree.array(tree.root, .items).map { Array(tree.children($0)) } == [])
        #expect(tree.object(tree.root, .items) == nil)

        let repeated = try #require(Self.decoded(#"{"_kind":"a","body":[1],"body":{"x":1},"_kind":"b"}"#))
        #expect(repeated.name(ofSymbol: repeated.kind(repeated.root)) == "b", "the last _kind counts")
        #expect(repeated.object(repeated.root, .body) != nil, "the last body counts")
        #expect(repeated.array(repeated.root, .body) == nil)
        #expect(repeated.children(repeated.root).filter { repeated.isShadowed($0) }.count == 2)
    }

    @Test("what JSONSerialization refuses, the decoder refuses")
    func invalidShapes() {
        var texts = [
            #"{"a":"\ud800"}"#, #"{"a":"\udc00"}"#, #"{"a":"\ud800x"}"#, "{\"a\":\"x\ty\"}", "{\"a\":\"x\u{0}y\"}",
            #"{"a":01}"#, #"{"a":-}"#, #"{"a":1.}"#, #"{"a":1e}"#, #"{"a":+1}"#, #"{"a":NaN}"#, #"{"a":True}"#,
            "{,}", #"{"a":[,]}"#, #"{"a":1,,"b":2}"#, #"{"a" 1}"#, #"{"a":1 "b":2}"#, #"{"a":[1 2]}"#, #"{"a":}"#, #"{"a":[,1]}"#,
            #"{"a":[1,,]}"#, #"{1:2}"#, #"{"a":"\x"}"#, "{\u{0c}\"a\":1}", #"{"a":1}x"#, #"{"a":1"#, #"{"a":"open}"#,
            #"{"a":[}"#, #"{"a":{]}"#, "[1]", "\"text\"", "",
            #"{"items":{}}"#, #"{"items":"x"}"#,
        ].map { Array($0.utf8) }
        texts.append(Array(#"{"a":""#.utf8) + [0xff] + Array(#""}"#.utf8))
        texts.append(Array(#"{"a":""#.utf8) + [0xc0, 0x80] + Array(#""}"#.utf8))
        texts.append(Array(#"{"a":""#.utf8) + [0xed, 0xa0, 0x80] + Array(#""}"#.utf8))
        texts.append(Array(#"{""#.utf8) + [0xff] + Array(#"":1}"#.utf8))
        for bytes in texts {
            let text = String(decoding: bytes, as: UTF8.self)
            let foundation = Self.foundation(bytes).map { $0["items"] == nil || $0["items"] is [Any] } ?? false
            #expect(!foundation, "JSONSerialization refuses \(text)")
            #expect(DumpTree.parse(bytes) == nil, "the decoder refuses \(text)")
        }
    }

    @Test("at most 512 containers inside each other, as JSONSerialization")
    func depth() {
        for depth in [511, 512, 513] {
            let bytes = Array((String(repeating: #"{"a":"#, count: depth - 1) + "[]" + String(repeating: "}", count: depth - 1)).utf8)
            #expect((DumpTree.parse(bytes) != nil) == (Self.foundation(bytes) != nil), "depth \(depth)")
            #expect((DumpTree.parse(bytes) != nil) == (depth <= 512), "depth \(depth)")
        }
    }

    @Test("values kata never reads are skipped unread, as the textual pass left them out")
    func prunedKeys() throws {
        let cases: [(String, String)] = [
            (#"{"_kind":"a","processed_init":{"x":[1,{"y":"}]"}]},"b":1}"#, #"{"_kind":"a","b":1}"#),
            (#"{"processed_init":{"x":1},"function_ref":"q","b":1}"#, #"{"b":1}"#),
            (#"{"b":1,"decl_context":"replaced-pointer-1"}"#, #"{"b":1}"#),
            (#"{"b":1,"thrown_type":null,"c":[2]}"#, #"{"b":1,"c":[2]}"#),
            // What JSON would refuse inside a skipped value does not matter.
            (#"{"b":1,"processed_init":{"x":1]}"#, #"{"b":1}"#),
            (#"{"b":1,"processed_init":"bad \q"}"#, #"{"b":1}"#),
            // Only exactly `"key":` right after `{` or `,`.
            (#"{"b":1, "decl_context":"kept"}"#, #"{"b":1,"decl_context":"kept"}"#),
            (#"{"b":["x","decl_context":"y"]}"#, #"{"b":["x"]}"#),
        ]
        for (text, expected) in cases {
            let tree = try #require(Self.decoded(text), "\(text)")
            let want = try #require(Self.foundation(Array(expected.utf8)))
            #expect(Self.dictionary(tree).isEqual(want), "\(text)")
            // The reader it replaces agrees.
            let data = Data(text.utf8)
            let old = try #require(OldDumpReader.parseObject(data, 0..<data.count))
            #expect(NSDictionary(dictionary: old.object).isEqual(want), "\(text)")
        }
    }

    @Test("a malformed dump is repaired, or refused, as before")
    func malformed() throws {
        let texts = [
            // `]}` where `}]` is due.
            #"{"_kind":"source_file","filename":"/a.swift","items":[{"_kind":"class_decl","params":[{"_kind":"type_array","element_type":{"_kind":"type_ident"]}}]}"#,
            // An object left open at the end.
            #"{"_kind":"source_file","filename":"/a.swift","items":[{"_kind":"class_decl","members":[]}"#,
            // A closer in the wrong place.
            #"{"_kind":"source_file","items":[{"a":[1,2}]]}"#,
            // Beyond repair.
            #"{"_kind":"source_file","filename":"/a.swift","items":[{"":}]}"#,
            #"{"_kind":"source_file","items":[{"a":1 "b":2]}"#,
        ]
        var outcomes: [String] = []
        for text in texts {
            let data = Data((text + "\n").utf8)
            let range = SyntaxDumpReader.objectRanges(data)[0]
            let old = OldDumpReader.parseObject(data, range)
            let new = SyntaxDumpReader.parseObject([UInt8](data), range)
            #expect((old == nil) == (new == nil), "\(text)")
            #expect(old?.repaired == new?.repaired, "\(text)")
            if let old, let new {
                #expect(NSDictionary(dictionary: old.object).isEqual(Self.dictionary(new.tree)), "\(text)")
            }
            outcomes.append(new.map { $0.repaired ? "repaired" : "read" } ?? "refused")
        }
        #expect(outcomes == ["repaired", "repaired", "repaired", "refused", "refused"])
    }

    @Test("a huge flat array decodes in one pass, 16 bytes a value")
    func hugeFlatArray() throws {
        let count = 500_000
        var text = #"{"_kind":"source_file","items":["#
        text += (0..<count).map { $0 % 2 == 0 ? "\($0)" : "\"v\($0)\"" }.joined(separator: ",")
        text += "]}"
        let tree = try #require(Self.decoded(text))
        let items = try #require(tree.array(tree.root, .items))
        #expect(tree.children(items).reduce(0) { total, _ in total + 1 } == count)
        #expect(tree.nodes.count == count + 3)
        #expect(MemoryLayout<DumpTree.Node>.stride == 16)
        let last = tree.next(items) - 1
        #expect(tree.string(last) == "v\(count - 1)")
        #expect(tree.int(last - 1) == count - 2)
    }
}
