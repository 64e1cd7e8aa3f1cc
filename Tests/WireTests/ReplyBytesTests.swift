import Testing
import Wire

/// ``ReplyBytes`` reads a reply envelope in place as the parser would: the result as written, `replayed`, and a
/// failure's own error.
@Suite struct ReplyBytesTests {
    @Test(
        arguments: [
            (
                #"{"id":"c-1","ok":true,"result":{"value":"2","note":"a } and \"{\""}}"#,
                #"{"value":"2","note":"a } and \"{\""}"#
            ),
            (#"{"id":"c-1","ok":true,"replayed":true,"result":[1,{"version":3}]}"#, #"[1,{"version":3}]"#),
            (#" { "result" : "text" , "ok" : true } "#, #""text""#),
            (#"{"id":"c-1","ok":true}"#, "null"),
        ]
    )
    func passesTheResultAsWritten(_ reply: String, _ result: String) throws {
        let bytes = ReplyBytes(Array(reply.utf8))
        let written = try bytes.result()
        #expect(String(decoding: written, as: UTF8.self) == result)
        #expect(try JSONValue(parsing: Array(written)) == JSONValue(parsing: Array(reply.utf8)).replyResult())
    }

    @Test func readsReplayed() {
        #expect(ReplyBytes(Array(#"{"ok":true,"replayed":true,"result":1}"#.utf8)).replayed)
        #expect(!ReplyBytes(Array(#"{"ok":true,"replayed":false,"result":1}"#.utf8)).replayed)
        #expect(!ReplyBytes(Array(#"{"ok":true,"result":{"replayed":true}}"#.utf8)).replayed)
    }

    @Test func throwsAFailuresOwnError() {
        let reply = #"{"id":"c-1","ok":false,"error":{"code":"not_found","message":"no bill b-1","field":"billId"}}"#
        #expect(throws: WireError(.notFound, "no bill b-1", field: "billId")) {
            _ = try ReplyBytes(Array(reply.utf8)).result()
        }
    }

    @Test(arguments: ["", "[]", #"{"id":"c-1"}"#, #"{"ok":"true","result":1}"#, #"{"result":{"ok":true}}"#])
    func refusesWhatIsNoEnvelope(_ reply: String) {
        #expect(throws: WireError(.internal, "reply is not a Reckon reply envelope")) {
            _ = try ReplyBytes(Array(reply.utf8)).result()
        }
    }

    @Test(arguments: [#"{"id":"c-1","ok":true,"result":{"value":"2""#, #"{"id":"c-1","ok":false,"error":{"#])
    func refusesACutReply(_ reply: String) {
        #expect(throws: WireError(.internal, "reply is not JSON")) { _ = try ReplyBytes(Array(reply.utf8)).result() }
    }
}
