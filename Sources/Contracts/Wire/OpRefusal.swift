/// A refusal that no JSON Schema can state: a rule across two fields, an id that must exist, a grammar. An op's
/// contract lists them (``OpContract/refusals``); the `ops` listing and the OpenAPI document publish them, so a
/// generated client knows that a schema-valid request may still be answered so, and the schemathesis run takes
/// exactly these as documented answers to valid data.
public struct OpRefusal: Codable, Sendable, Hashable, JSONSchemaEntity {
    public static var schemaName: String { "OpRefusal" }

    /// The error's `code` (a ``WireError/Code`` raw value).
    public var code: String
    /// The field the error names: this one or one under it (`form` covers `form.phone`).
    public var field: String
    /// When it is answered.
    public var rule: String

    public init(_ code: WireError.Code, field: String, _ rule: String) {
        self.code = code.rawValue
        self.field = field
        self.rule = rule
    }
}
