import Testing
import Wire

/// ``JSONMemberScan`` finds a top-level string member wherever it stands, skipping what comes before it by
/// brackets and quotes, and finds nothing it should not.
@Suite struct JSONMemberScanTests {
    @Test(
        arguments: [
            (#"{"id":"c-17"}"#, "c-17"),
            (#"{"op":"evaluate","id":"c-17","args":{}}"#, "c-17"),
            (#" { "args" : {"id":"inner","list":[1,{"id":"deeper"}]} , "id" : "outer" } "#, "outer"),
            (#"{"note":"a \"quoted\" id:\"x\" and \\","id":"after"}"#, "after"),
            (#"{"n":-1.5e3,"t":true,"f":false,"z":null,"a":[[],{}],"id":"x"}"#, "x"),
            (#"{"id":"esc\"aped\u00e9\n"}"#, "esc\"aped\u{e9}\n"),
            (#"{"\u0069d":"escaped key"}"#, "escaped key"),
            (#"{"id":"first","id":"second"}"#, "first"),
            (#"{"id":"before a fault", oops}"#, "before a fault"),
            (#"{"s":"}{][","id":"brackets in strings"}"#, "brackets in strings"),
        ]
    )
    func findsTheMember(_ document: String, _ expected: String) {
        #expect(JSONMemberScan.string(named: "id", in: document) == expected)
    }

    @Test(
        arguments: [
            "", "{", "{}", "[]", #"["id","x"]"#, #""id""#, #"{"id":7}"#, #"{"id":null}"#, #"{"id":{"id":"x"}}"#,
            #"{"other":"x"}"#, #"{"args":{"id":"nested only"}}"#, #"{"a":1 "id":"x"}"#,
            #"{"a":"unterminated,"id":"x"}"#,
            #"{"a":[1,2,"id":"x"}"#, #"{"id":"bad escape \x"}"#, #"{id:"x"}"#, #"{"id" "x"}"#, #"{"a":,"id":"x"}"#,
            #"{"id":"unterminated}"#, #"{"ids":"x","i":"y"}"#,
        ]
    )
    func findsNothingElse(_ document: String) {
        #expect(JSONMemberScan.string(named: "id", in: document) == nil)
    }

    @Test func agreesWithTheParserOnAValidDocument() throws {
        let document = #"{"op":"bills.add","args":{"split":{"among":["a","b"]}},"idempotencyKey":"k-1","id":"r-9"}"#
        let parsed = try JSONValue(parsing: document)
        for key in ["op", "idempotencyKey", "id"] {
            #expect(JSONMemberScan.string(named: key, in: document) == parsed[key]?.stringValue)
        }
        #expect(JSONMemberScan.string(named: "args", in: document) == nil)
    }

    @Test func findsAMemberAfterAMegabyteOfString() {
        let filler = String(repeating: "x\\\"", count: 350_000)
        let document = #"{"args":{"text":""# + filler + #""},"id":"late"}"#
        #expect(JSONMemberScan.string(named: "id", in: document) == "late")
    }
}

extension JSONMemberScan {
    /// ``string(named:in:)`` over text, for these tests.
    fileprivate static func string(named key: String, in text: String) -> String? {
        Array(text.utf8).withUnsafeBytes { string(named: key, in: $0) }
    }
}
