import Testing
import Wire

@Suite struct JSONObjectTests {
    @Test func keepsInsertionOrder() {
        var object = JSONObject([("z", 1), ("a", 2)])
        object["m"] = 3
        #expect(object.members.map(\.key) == ["z", "a", "m"])
        #expect(JSONValue.object(object).jsonText == #"{"z":1,"a":2,"m":3}"#)
    }

    @Test func replacingAValueKeepsItsPlace() {
        var object = JSONObject([("a", 1), ("b", 2), ("c", 3)])
        object["b"] = "two"
        #expect(object.members.map(\.key) == ["a", "b", "c"])
        #expect(object["b"] == "two")
    }

    @Test func assigningNilRemovesTheKey() {
        var object = JSONObject([("a", 1), ("b", 2)])
        object["a"] = nil
        object["missing"] = nil
        #expect(object.members.map(\.key) == ["b"])
        #expect(object["a"] == nil)
    }

    @Test func repeatedKeyKeepsTheFirstPlaceAndTheLastValue() throws {
        #expect(JSONObject([("a", 1), ("b", 2), ("a", 3)]).members.map(\.key) == ["a", "b"])
        let parsed = try JSONValue(parsing: #"{"a":1,"b":2,"a":3}"#)
        #expect(parsed.jsonText == #"{"a":3,"b":2}"#)
    }

    @Test func parsingKeepsTheDocumentsOrder() throws {
        let parsed = try JSONValue(parsing: #"{"op":"x","args":{},"id":"1","token":"t"}"#)
        #expect(parsed.objectValue?.members.map(\.key) == ["op", "args", "id", "token"])
    }

    @Test func dictionaryLiteralKeepsItsOrder() {
        let value: JSONValue = ["ok": true, "id": "c-17", "result": ["value": "4"]]
        #expect(value.objectValue?.members.map(\.key) == ["ok", "id", "result"])
    }

    @Test func equalityAndHashFollowOrder() {
        let ab = JSONObject([("a", 1), ("b", 2)])
        let ba = JSONObject([("b", 2), ("a", 1)])
        #expect(ab == JSONObject([("a", 1), ("b", 2)]))
        #expect(ab != ba)
        #expect(ab.hashValue == JSONObject([("a", 1), ("b", 2)]).hashValue)
        #expect(ab != JSONObject([("a", 1)]))
        #expect(Set([JSONValue.object(ab), .object(ab), .object(ba)]).count == 2)
    }
}
