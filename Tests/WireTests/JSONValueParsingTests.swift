import Testing
import Wire

/// Parsing and serializing well-formed JSON: round trips, numbers as text, escapes.
@Suite struct JSONValueParsingTests {
    /// Compact documents that must serialize back byte for byte.
    static let compact = [
        "null", "true", "false", "0", "-0", "0.1", "-1.5e-7", "1E+2", "1e400", "2.50",
        "1234567890123456789012345678901234567890", "-9999999999999999999999999999999999999999.0000000001",
        #""""#, #""text""#, #""a\"b\\c""#, #""line\nbreak\ttab\rreturn""#, #""\u0001\u001f""#, #""é😀""#,
        "[]", "{}", "[[]]", "[1,[2,[3,{}]]]", #"{"b":1,"a":2}"#, #"{"z":{"y":[null,true,false,"s",0.5]},"a":[]}"#,
        #"{"":""}"#,
    ]

    @Test(arguments: compact)
    func roundTripsCompactText(_ text: String) throws {
        let value = try JSONValue(parsing: text)
        #expect(value.jsonText == text)
        #expect(value.serialized == Array(text.utf8))
        #expect(try JSONValue(parsing: value.serialized) == value)
    }

    @Test(arguments: [
        "0.1", "-0", "1e400", "1E-400", "0e0", "1234567890123456789012345678901234567890", "12.50",
        "-3.14159265358979323846264338327950288419716939937510",
    ])
    func numbersKeepTheirSourceText(_ text: String) throws {
        #expect(try JSONValue(parsing: text) == .number(text))
        #expect(try JSONValue(parsing: "[\(text)]") == .array([.number(text)]))
    }

    @Test func whitespaceIsSkippedEverywhereAndNotKept() throws {
        let value = try JSONValue(parsing: " \t\r\n{ \"a\" : [ 1 ,\n2 ] , \"b\" :\ttrue }\n ")
        #expect(value.jsonText == #"{"a":[1,2],"b":true}"#)
    }

    @Test func parsesBytesFromAnyCollection() throws {
        let bytes = Array(#"xx{"a":1}"#.utf8)
        #expect(try JSONValue(parsing: bytes[2...]) == ["a": 1])
        #expect(try JSONValue(parsing: ContiguousArray(#"[true]"#.utf8)) == [true])
    }

    @Test func parsesNestedStructure() throws {
        let value = try JSONValue(parsing: #"{"op":"evaluate","args":{"expression":"2+2","digits":10},"id":null}"#)
        #expect(value["op"] == "evaluate")
        #expect(value["args"]?["expression"]?.stringValue == "2+2")
        #expect(value["args"]?["digits"] == .number("10"))
        #expect(value["id"] == .null)
        #expect(value["missing"] == nil)
        #expect(JSONValue.string("x")["op"] == nil)
    }

    // MARK: - Escapes

    @Test(arguments: [
        (#""\"""#, "\""), (#""\\""#, "\\"), (#""\/""#, "/"), (#""\b""#, "\u{08}"), (#""\f""#, "\u{0C}"),
        (#""\n""#, "\n"), (#""\r""#, "\r"), (#""\t""#, "\t"), (#""\u0041""#, "A"), (#""\u00e9""#, "é"),
        (#""\u00E9""#, "é"), (#""\u0000""#, "\u{0}"), (#""\u20AC""#, "€"), (#""\uFFFF""#, "\u{FFFF}"),
        (#""\ud83d\ude00""#, "😀"), (#""\uD834\uDD1E""#, "𝄞"), (#""a\u0062c""#, "abc"), (#""\u00e9\u00e9""#, "éé"),
    ])
    func decodesEscape(_ text: String, _ expected: String) throws {
        #expect(try JSONValue(parsing: text) == .string(expected))
    }

    @Test func keepsRawUTF8InStrings() throws {
        #expect(try JSONValue(parsing: #""naïve 日本 😀""#) == .string("naïve 日本 😀"))
    }

    @Test func serializerEscapesOnlyWhatJSONRequires() {
        #expect(JSONValue.string("a\"b\\c/d").jsonText == #""a\"b\\c/d""#)
        #expect(JSONValue.string("\n\r\t").jsonText == #""\n\r\t""#)
        #expect(JSONValue.string("\u{0}\u{08}\u{0C}\u{1F}").jsonText == #""\u0000\u0008\u000c\u001f""#)
        #expect(JSONValue.string("é😀\u{7F}").jsonText == "\"é😀\u{7F}\"")
    }

    @Test func everyControlCharacterRoundTrips() throws {
        let text = String(decoding: (0..<0x20).map { UInt8($0) } + Array("x".utf8), as: UTF8.self)
        let serialized = JSONValue.string(text).serialized
        #expect(!serialized.dropFirst().dropLast().contains { $0 < 0x20 })
        #expect(try JSONValue(parsing: serialized) == .string(text))
    }

    @Test func keysAreEscapedToo() throws {
        let value: JSONValue = ["a\"\n": 1]
        #expect(value.jsonText == #"{"a\"\n":1}"#)
        #expect(try JSONValue(parsing: value.jsonText) == value)
    }

    // MARK: - Literals and writing

    @Test func literalsBuildTheValuesTheyRead() {
        let value: JSONValue = ["type": "object", "required": ["expression"], "n": 3, "ok": true, "none": nil]
        #expect(value.jsonText == #"{"type":"object","required":["expression"],"n":3,"ok":true,"none":null}"#)
        #expect(JSONValue(integerLiteral: -42) == .number("-42"))
    }

    @Test func writeAppendsToExistingOutput() {
        var output = Array("prefix:".utf8)
        JSONValue.array([.null, .bool(false)]).write(to: &output)
        #expect(String(decoding: output, as: UTF8.self) == "prefix:[null,false]")
    }

    @Test func numbersAreWrittenVerbatim() {
        #expect(JSONValue.array([.number("1e400"), .number("-0"), .number("0.10")]).jsonText == "[1e400,-0,0.10]")
    }
}
