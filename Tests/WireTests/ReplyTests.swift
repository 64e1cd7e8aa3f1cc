import Testing
import Wire

@Suite struct ReplyTests {
    @Test func getReturnsTheResultOfASuccess() throws {
        #expect(try Reply<JSONValue>.success(["value": "4"], id: "c-17").get() == ["value": "4"])
    }

    @Test func getThrowsTheErrorOfAFailure() {
        let error = WireError(.invalidArgument, "income must be >= 0", field: "income")
        #expect(throws: error) { try Reply<JSONValue>.failure(error, id: "c-17").get() }
    }

    @Test func getThrowsInternalForAnOkReplyWithoutResult() throws {
        let reply = try JSONCoding.decode(Reply<JSONValue>.self, from: Array(#"{"ok":true,"id":"1"}"#.utf8))
        let error = try #require(throws: WireError.self) { try reply.get() }
        #expect(error.code == .internal)
    }

    @Test func getThrowsInternalForAFailedReplyWithoutError() throws {
        let reply = try JSONCoding.decode(Reply<JSONValue>.self, from: Array(#"{"ok":false}"#.utf8))
        let error = try #require(throws: WireError.self) { try reply.get() }
        #expect(error.code == .internal)
    }

    @Test func getIgnoresAResultOnAFailedReply() throws {
        let body = #"{"ok":false,"result":1,"error":{"code":"conflict","message":"stale"}}"#
        let reply = try JSONCoding.decode(Reply<Int>.self, from: Array(body.utf8))
        #expect(throws: WireError(.conflict, "stale")) { try reply.get() }
    }

    @Test func decodesTypedResults() throws {
        struct Value: Codable, Sendable, Equatable {
            var value: String
            var exact: Bool
        }
        let body = #"{"ok":true,"id":"c-1","result":{"value":"0.3","exact":true}}"#
        let reply = try JSONCoding.decode(Reply<Value>.self, from: Array(body.utf8))
        #expect(reply.id == "c-1")
        #expect(try reply.get() == Value(value: "0.3", exact: true))
    }

    @Test func successEncodesWithoutError() throws {
        let json = try JSONValue(parsing: JSONCoding.encode(Reply.success("4", id: "c-17")))
        #expect(json == ["id": "c-17", "ok": true, "result": "4"])
    }

    @Test func errorReplyIsTheAPIShape() throws {
        let bytes = JSONCoding.errorReply(WireError(.notFound, "no cart", field: "cartId"), id: "c-17")
        let json = try JSONValue(parsing: bytes)
        #expect(json["ok"] == false)
        #expect(json["id"] == "c-17")
        #expect(json["result"] == nil)
        #expect(json["error"] == ["code": "not_found", "field": "cartId", "message": "no cart"])
        #expect(JSONCoding.errorReply(WireError(.notFound, "no cart", field: "cartId"), id: "c-17") == bytes)
    }

    @Test func errorReplyWithoutIDLeavesItOut() throws {
        let json = try JSONValue(parsing: JSONCoding.errorReply(WireError(.internal, "x"), id: nil))
        #expect(json["id"] == nil)
        #expect(json["ok"] == false)
    }

    // MARK: - JSONValue.replyResult()

    @Test func replyResultReadsEnvelopes() throws {
        #expect(try JSONValue(parsing: #"{"ok":true,"result":{"v":1}}"#).replyResult() == ["v": 1])
        #expect(try JSONValue(parsing: #"{"ok":true}"#).replyResult() == .null)
        #expect(throws: WireError(.notFound, "gone")) {
            try JSONValue(parsing: #"{"ok":false,"error":{"code":"not_found","message":"gone"}}"#).replyResult()
        }
    }

    @Test(arguments: [
        #"{"ok":false}"#, #"{"ok":false,"error":"boom"}"#, #"{"result":1}"#, #"{"ok":"true"}"#, "[]", "1",
    ])
    func replyResultThrowsInternalForOtherBodies(_ text: String) throws {
        let error = try #require(throws: WireError.self) { try JSONValue(parsing: text).replyResult() }
        #expect(error.code == .internal)
    }

    // MARK: - Envelope

    @Test func requestHeaderSkipsArgs() throws {
        let body = #"{"op":"evaluate","args":{"expression":"2+2"},"id":"c-17","idempotencyKey":"k"}"#
        let header = try JSONCoding.decode(RequestHeader.self, from: Array(body.utf8))
        #expect(header == RequestHeader(op: "evaluate", id: "c-17", idempotencyKey: "k"))
    }

    @Test func requestHeaderRoundTripsAndIgnoresArgs() throws {
        let body = #"{"op":"convert","args":{"value":"1","from":"m","to":"ft"},"id":"9","token":"t"}"#
        let header = try JSONCoding.decode(RequestHeader.self, from: Array(body.utf8))
        let decoded = try JSONCoding.decode(RequestHeader.self, from: JSONCoding.encode(header))
        #expect(decoded.op == "convert")
        #expect(decoded.id == "9")
        #expect(decoded.token == "t")
        #expect(decoded.idempotencyKey == nil)
        #expect(decoded == header)
    }
}
