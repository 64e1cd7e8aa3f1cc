/// The result of `ops`, which every service answers: its ops with their summaries and schemas, and the schemas of
/// its named entities, which the ops' schemas refer to (`{"$ref": "#/$defs/Bill"}`).
public struct OpsListing: Codable, Sendable, Hashable {
    /// The service's name.
    public var service: String
    /// The ops in registration order, `ops` itself last.
    public var ops: [OpDescription]
    /// The named entities' schemas (``JSONSchemaEntity``), by name; `$defs` in JSON.
    public var definitions: [String: JSONValue]?

    public init(service: String, ops: [OpDescription], definitions: [String: JSONValue]? = nil) {
        self.service = service
        self.ops = ops
        self.definitions = definitions
    }

    /// The listing of `ops` with every titled subschema of their schemas taken out into ``definitions`` and referred
    /// to by `$ref` (``JSONSchema/Definitions``), and the titles that stand for two different schemas. Every schema
    /// states the decoder's rules first (``JSONSchema/statingDecoderRules(_:)``).
    public static func hoisting(service: String, ops: [OpDescription]) -> (listing: OpsListing, conflicts: [String]) {
        var definitions = JSONSchema.Definitions()
        var hoisted = ops
        for index in hoisted.indices {
            // Every service states the decoder's rules alike, so an entity two services share reads the same.
            hoisted[index].schema = definitions.hoist(JSONSchema.statingDecoderRules(hoisted[index].schema))
            hoisted[index].resultSchema = hoisted[index].resultSchema.map {
                definitions.hoist(JSONSchema.statingDecoderRules($0))
            }
        }
        let listing = OpsListing(
            service: service,
            ops: hoisted,
            definitions: definitions.schemas.isEmpty ? nil : definitions.schemas
        )
        return (listing, definitions.conflicts)
    }

    /// `schema` itself, or the definition it refers to when it is only a `$ref` to one of ``definitions``.
    public func resolved(_ schema: JSONValue?) -> JSONValue? {
        guard let reference = schema?["$ref"]?.stringValue, reference.hasPrefix("#/$defs/") else { return schema }
        return definitions?[String(reference.dropFirst("#/$defs/".count))] ?? schema
    }

    private enum CodingKeys: String, CodingKey {
        case service, ops
        case definitions = "$defs"
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
    /// Who may call it (``OpAccess``): `anyone`, `signedIn`, `member`, `author`, `owner` or `staff`.
    public var access: OpAccess?
    /// What the op refuses beyond ``schema`` (``OpRefusal``); absent when nothing.
    public var refusals: [OpRefusal]?
    /// A call of the op and its result (``OpExample``).
    public var example: OpExample?

    public init(
        name: String,
        summary: String,
        schema: JSONValue,
        resultSchema: JSONValue?,
        effect: OpEffect?,
        access: OpAccess? = nil,
        refusals: [OpRefusal] = [],
        example: OpExample? = nil
    ) {
        self.name = name
        self.summary = summary
        self.schema = schema
        self.resultSchema = resultSchema
        self.effect = effect
        self.access = access
        self.refusals = refusals.isEmpty ? nil : refusals
        self.example = example
    }

    /// The op a contract describes.
    public init<Contract: OpContract>(_ contract: Contract.Type) {
        self.init(
            name: Contract.name,
            summary: Contract.summary,
            schema: Contract.argsSchema,
            resultSchema: Contract.resultSchema,
            effect: Contract.effect,
            access: Contract.access,
            refusals: Contract.refusals,
            example: Contract.example
        )
    }

    /// `ops` itself, which every service lists last.
    public static let ops = OpDescription(
        name: "ops",
        summary: "Lists this service's ops with the JSON Schemas of their arguments and results",
        schema: NoArgs.jsonSchema,
        resultSchema: JSONSchema.derivedOrMarked(OpsListing.self),
        effect: .pure,
        access: .anyone,
        example: opsExample
    )
}

extension OpsListing: JSONSchemaEntity { public static var schemaName: String { "OpsListing" } }
extension OpDescription: JSONSchemaEntity { public static var schemaName: String { "OpDescription" } }
