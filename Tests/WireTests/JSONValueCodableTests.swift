import Testing
import Wire

/// ``JSONValue`` through ``JSONCoding``: decoded as written, encoded with sorted keys and checked numbers.
@Suite struct JSONValueCodableTests {
    @Test func decodesEveryKindOfValue() throws {
        let value = try JSONCoding.decode(
            JSONValue.self,
            from: Array(#"{"s":"x","n":0.1,"b":false,"z":null,"a":[1,"2"]}"#.utf8)
        )
        #expect(value == ["s": "x", "n": .number("0.1"), "b": false, "z": nil, "a": [1, "2"]])
    }

    @Test func encodesEveryKindOfValue() throws {
        let value: JSONValue = ["s": "x", "n": .number("0.1"), "b": true, "z": nil, "a": [1, [], ["y": 1, "x": 2]]]
        let text = String(decoding: try JSONCoding.encode(value), as: UTF8.self)
        #expect(text == #"{"a":[1,[],{"x":2,"y":1}],"b":true,"n":0.1,"s":"x","z":null}"#)
    }

    @Test func numbersKeepTheirTextBothWays() throws {
        let text = #"[123456789012345678901234567890.000000000001,1e3,-0.50]"#
        let value = try JSONCoding.decode(JSONValue.self, from: Array(text.utf8))
        #expect(String(decoding: try JSONCoding.encode(value), as: UTF8.self) == text)
    }

    @Test func booleansStayBooleansAndNumbersStayNumbers() throws {
        #expect(try JSONCoding.decode(JSONValue.self, from: Array("[true,1,0]".utf8)) == [true, 1, 0])
    }

    @Test func refusesToEncodeANumberThatIsNotOne() {
        #expect(throws: (any Error).self) { try JSONCoding.encode(JSONValue.array([.number("twelve")])) }
    }
}
