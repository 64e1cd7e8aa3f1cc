import Testing
import Wire

@Suite struct WireErrorTests {
    @Test func encodesAsTheAPIShape() throws {
        let error = WireError(.invalidArgument, "income must be >= 0", field: "income")
        let json = try JSONValue(parsing: JSONCoding.encode(error))
        #expect(json.objectValue?.members.count == 3)
        #expect(json["code"] == "invalid_argument")
        #expect(json["message"] == "income must be >= 0")
        #expect(json["field"] == "income")
    }

    @Test func encodingIsRepeatableByteForByte() throws {
        let error = WireError(.invalidArgument, "income must be >= 0", field: "income")
        let text = String(decoding: try JSONCoding.encode(error), as: UTF8.self)
        #expect(text == #"{"code":"invalid_argument","field":"income","message":"income must be >= 0"}"#)
    }

    @Test func leavesOutAbsentFieldAndDetails() throws {
        let text = String(decoding: try JSONCoding.encode(WireError(.unavailable, "no worker")), as: UTF8.self)
        #expect(text == #"{"code":"unavailable","message":"no worker"}"#)
    }

    @Test func encodesDetails() throws {
        let error = WireError(
            .invalidArgument,
            "2 fields are invalid",
            details: [
                .init(field: "phone", code: .invalidArgument, message: "bad phone"),
                .init(field: "name", code: .init(rawValue: "required"), message: ""),
            ]
        )
        let json = try JSONValue(parsing: JSONCoding.encode(error))
        #expect(
            json["details"] == [
                ["code": "invalid_argument", "field": "phone", "message": "bad phone"],
                ["code": "required", "field": "name", "message": ""],
            ]
        )
        #expect(try JSONCoding.decode(WireError.self, from: JSONCoding.encode(error)) == error)
    }

    @Test(arguments: [
        (WireError.Code.invalidArgument, "invalid_argument"), (.malformedRequest, "malformed_request"),
        (.unknownOp, "unknown_op"),
        (.notFound, "not_found"), (.alreadyExists, "already_exists"), (.conflict, "conflict"),
        (.failedPrecondition, "failed_precondition"), (.unauthenticated, "unauthenticated"),
        (.permissionDenied, "permission_denied"), (.resourceExhausted, "resource_exhausted"),
        (.unavailable, "unavailable"),
        (.deadlineExceeded, "deadline_exceeded"), (.internal, "internal"),
    ])
    func codesAreTheAPINames(_ code: WireError.Code, _ name: String) throws {
        #expect(code.rawValue == name)
        #expect(code.description == name)
        #expect(try JSONValue(parsing: JSONCoding.encode(WireError(code, "m")))["code"] == .string(name))
    }

    @Test func decodesUnknownCodes() throws {
        let error = try JSONCoding.decode(
            WireError.self,
            from: Array(#"{"code":"teapot","message":"short and stout"}"#.utf8)
        )
        #expect(error == WireError(.init(rawValue: "teapot"), "short and stout"))
    }

    @Test func readsFromAJSONValue() throws {
        let json = try JSONValue(
            parsing:
                #"{"code":"conflict","message":"stale","field":"version","details":[{"field":"a","code":"x","message":"m"},{"field":"no code"}]}"#
        )
        let error = try #require(WireError(json: json))
        #expect(
            error
                == WireError(
                    .conflict,
                    "stale",
                    field: "version",
                    details: [.init(field: "a", code: .init(rawValue: "x"), message: "m")]
                )
        )
    }

    @Test func readingToleratesAMissingMessageAndRefusesAMissingCode() throws {
        #expect(WireError(json: ["code": "internal"]) == WireError(.internal, ""))
        #expect(WireError(json: ["message": "no code"]) == nil)
        #expect(WireError(json: ["code": 3]) == nil)
        #expect(WireError(json: "internal") == nil)
    }

    @Test func isItsOwnWireError() {
        let error = WireError(.notFound, "no such cart", field: "cartId")
        #expect(error.wireError == error)
    }
}
