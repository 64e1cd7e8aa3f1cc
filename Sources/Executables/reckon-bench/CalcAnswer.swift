import Wire

/// The answer `calc evaluate 1+1` must get in every bench that counts it: a bench that counted any other answer
/// would measure something else.
enum CalcAnswer {
    private static let valueMarker = Array(#""value":"2""#.utf8)

    /// Throws unless `result` is `{"value":"2", …}`.
    static func check(_ result: JSONValue) throws {
        guard result["value"] == "2" else { throw BenchError("evaluate 1+1 answered \(result), not the value 2") }
    }

    /// Throws unless the reply `body` is an ok reply holding the value 2 (Reckon writes compact JSON).
    static func check(body: [UInt8]) throws {
        guard ReplyOutcome.contains(body, valueMarker), ReplyOutcome.contains(body, ReplyOutcome.okMarker) else {
            throw BenchError("evaluate 1+1 answered \(String(decoding: body.prefix(300), as: UTF8.self))")
        }
    }
}
