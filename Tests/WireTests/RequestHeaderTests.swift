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
        #"{"op":"evaluate","traceparent":"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01","tracestate":"r=1"}"#,
        #"{"op":"evaluate","traceparent":{"v":1}}"#,
        #"{"op":"evaluate","tracestate":null}"#,
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
        let body = #"{"op":"a","id":"b","token":"c","idempotencyKey":"d","traceparent":"e","tracestate":"f"}"#
        let request = try JSONValue(parsing: Array(body.utf8))
        let expected = RequestHeader(
            op: "a",
            id: "b",
            token: "c",
            idempotencyKey: "d",
            traceparent: "e",
            tracestate: "f"
        )
        #expect(RequestHeader(request: request) == expected)
    }
}
