/// One call of an op and its result: what `ops`, the OpenAPI document and docs/api.md show beside the op's schemas.
/// Every contract carries one (``OpContract/example``). scripts/api-docs.sh records them from a fresh stack, so each
/// is a real answer; the contract tests decode both halves through the op's own types (``problems(args:result:)``),
/// and scripts/check-replies.py validates them against the published schemas.
public struct OpExample: Codable, Sendable, Hashable, JSONSchemaEntity {
    public static var schemaName: String { "OpExample" }
    /// The marker member of a half whose text was not JSON, which the contract tests fail on.
    public static let unparsableMarker = "x-unparsable"
    /// The marker member of the example of an op not recorded yet, which the contract tests fail on.
    public static let unrecordedMarker = "x-unrecorded"
    /// The example of a new op until `scripts/api-docs.sh` records one: lets its contract build.
    public static let unrecorded = OpExample(
        args: [unrecordedMarker: "run scripts/api-docs.sh, build, and run it again"],
        result: [unrecordedMarker: "run scripts/api-docs.sh, build, and run it again"]
    )

    /// The request's `args`.
    public var args: JSONValue
    /// The `result` of its reply.
    public var result: JSONValue

    public init(args: JSONValue, result: JSONValue) {
        self.args = args
        self.result = result
    }

    /// The example from its JSON text; a half that is not JSON becomes `{"x-unparsable": reason}`.
    public init(args: String, result: String) {
        self.init(args: Self.parsed(args), result: Self.parsed(result))
    }

    private static func parsed(_ text: String) -> JSONValue {
        do {
            return try JSONValue(parsing: text)
        } catch {
            return [unparsableMarker: .string("\(error)")]
        }
    }

    /// What keeps this example from being a call of an op with these types, one line each: an example not recorded
    /// yet, a half that is not JSON, `args` that `Args` does not decode from, or a `result` that `Result` does not
    /// decode from.
    public func problems<Args: Decodable, Result: Decodable>(args: Args.Type, result: Result.Type) -> [String] {
        if self == .unrecorded { return ["has no recorded example: run scripts/api-docs.sh, build, and run it again"] }
        return [
            ("args", self.args, { try JSONValueDecoder.decode(Args.self, from: $0) }),
            ("result", self.result, { try JSONValueDecoder.decode(Result.self, from: $0) }),
        ]
        .compactMap { (half: String, value: JSONValue, decode: (JSONValue) throws -> Any) in
            if let reason = value[Self.unparsableMarker]?.stringValue {
                return "example \(half) is not JSON: \(reason)"
            }
            do {
                _ = try decode(value)
                return nil
            } catch {
                return "example \(half) does not decode: \(error)"
            }
        }
    }
}
