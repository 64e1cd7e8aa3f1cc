/// The result of `ops`, which every service answers: its ops with their summaries and schemas.
public struct OpsListing: Codable, Sendable, Hashable {
    /// The service's name.
    public var service: String
    /// The ops in registration order, `ops` itself last.
    public var ops: [OpDescription]

    public init(service: String, ops: [OpDescription]) {
        self.service = service
        self.ops = ops
    }
}

/// One op in an ``OpsListing``.
public struct OpDescription: Codable, Sendable, Hashable {
    public var name: String
    /// One line on what the op does.
    public var summary: String
    /// The JSON Schema (2020-12) of the op's `args`.
    public var schema: JSONValue
    /// The JSON Schema (2020-12) of the op's `result`.
    public var resultSchema: JSONValue?
    /// What the op does to the state behind it: `pure`, `read` or `write`.
    public var effect: OpEffect?

    public init(name: String, summary: String, schema: JSONValue, resultSchema: JSONValue?, effect: OpEffect?) {
        self.name = name
        self.summary = summary
        self.schema = schema
        self.resultSchema = resultSchema
        self.effect = effect
    }

    /// The op a contract describes.
    public init<Contract: OpContract>(_ contract: Contract.Type) {
        self.init(
            name: Contract.name,
            summary: Contract.summary,
            schema: Contract.argsSchema,
            resultSchema: Contract.resultSchema,
            effect: Contract.effect
        )
    }

    /// `ops` itself, which every service lists last.
    public static let ops = OpDescription(
        name: "ops",
        summary: "Lists this service's ops with the JSON Schemas of their arguments and results",
        schema: NoArgs.jsonSchema,
        resultSchema: JSONSchema.derivedOrMarked(OpsListing.self),
        effect: .pure
    )
}
