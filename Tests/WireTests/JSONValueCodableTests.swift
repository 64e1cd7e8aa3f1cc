import Testing
import Wire

/// ``JSONValue`` through Foundation's coders, as ``JSONCoding`` uses them.
@Suite struct JSONValueCodableTests {
    @Test func decodesEveryKindOfValue() throws {
        let value = try JSONCoding.decode(
            JSONValue.self,
            from: Array(#"{"s":"x","n":0.1,"b":false,"z":null,"a":[1,"2"]}"#.utf8)
        )
        #expect(value == ["a": [1, "2"], "b": false, "n": .number("0.1"), "s": "x", "z": nil])
    }

    @Test func encodesEveryKindOfValue() throws {
        let value: JSONValue = ["s": "x", "n": .number("0.1"), "b": true, "z": nil, "a": [1, []]]
        let text = String(decoding: try JSONCoding.encode(value), as: UTF8.self)
        #expect(text == #"{"a":[1,[]],"b":true,"n":0.1,"s":"x","z":null}"#)
    }

    @Test func booleansStayBooleansAndNumbersStayNumbers() throws {
        #expect(try JSONCoding.decode(JSONValue.self, from: Array("[true,1,0]".utf8)) == [true, 1, 0])
    }

    @Test func refusesToEncodeANumberThatIsNotOne() {
        #expect(throws: (any Error).self) { try JSONCoding.encode(JSONValue.array([.number("twelve")])) }
    }
}
