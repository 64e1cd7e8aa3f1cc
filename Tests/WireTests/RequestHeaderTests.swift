import Testing
import Wire

/// `RequestHeader(request:)` reads a parsed body as decoding it with `Codable` does, without the decoder.
@Suite struct RequestHeaderTests {
    static let bodies = [
        #"{"op":"evaluate"}"#,
        #"{"op":"evaluate","id":"c-1","token":"t","idempotencyKey":"k","args":{"x":1}}"#,
        #"{"op":"evaluate","id":null,"token":null}"#,
        #"{"op":"evaluate","id":7}"#,
        #"{"op":"evaluate","token":["t"]}"#,
        #"{"op":"evaluate","idempotencyKey":false}"#,
        #"{"op":null}"#,
        #"{"op":3}"#,
        #"{"id":"c-1"}"#,
        #"["op"]"#,
        #""evaluate""#,
        #"{"op":"","extra":{"op":"x"}}"#,
    ]

    @Test(arguments: bodies)
    func agreesWithCodable(body: String) throws {
        let request = try JSONValue(parsing: Array(body.utf8))
        let decoded = try? JSONCoding.decode(RequestHeader.self, from: Array(body.utf8))
        #expect(RequestHeader(request: request) == decoded)
    }

    @Test func readsEveryMember() throws {
        let request = try JSONValue(parsing: Array(#"{"op":"a","id":"b","token":"c","idempotencyKey":"d"}"#.utf8))
        #expect(RequestHeader(request: request) == RequestHeader(op: "a", id: "b", token: "c", idempotencyKey: "d"))
    }
}
