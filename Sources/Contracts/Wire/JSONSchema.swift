/// JSON Schemas (2020-12) derived from `Decodable` types, and the check that a schema written by hand still
/// describes its type.
///
/// A type's schema is read off its `init(from:)`: ``derived(from:)`` runs the initializer against a decoder that
/// answers every request with a placeholder and notes what was asked for (an object's keys, which of them were
/// optional, arrays, maps, scalars). Synthesized conformances need nothing more:
///
/// ```swift
/// struct Quote: Codable { var total: String; var lines: [Line]; var note: String? }
/// JSONSchema.derived(from: Quote.self)
/// // {"type": "object", "properties": {"total": {"type": "string"}, ...}, "required": ["total", "lines"]}
/// ```
///
/// A type whose decoding checks its input (a decimal string, say) or whose shape is not its keys states its schema
/// by conforming to ``JSONSchemaDescribing``. String enums that are `CaseIterable` become `enum` schemas.
public enum JSONSchema {
    /// The JSON Schema dialect of every schema Reckon publishes.
    public static let dialect = "https://json-schema.org/draft/2020-12/schema"

    /// The schema of `type`, read off its `Decodable` conformance.
    /// - Throws: ``DerivationError`` when the type's decoding refuses the placeholders (give it a
    ///   ``JSONSchemaDescribing`` conformance).
    public static func derived<T: Decodable>(from type: T.Type) throws -> JSONValue {
        let node = SchemaNode()
        do {
            _ = try SchemaDecoder.placeholder(type, into: node, codingPath: [])
        } catch {
            throw DerivationError(type: String(reflecting: type), underlying: String(describing: error))
        }
        return node.schema
    }

    /// A type whose schema could not be read off its decoding.
    public struct DerivationError: Error, CustomStringConvertible {
        /// The type, fully qualified.
        public let type: String
        /// What its decoding threw on the placeholders.
        public let underlying: String

        public var description: String {
            "cannot derive a JSON Schema for \(type): its decoding threw \(underlying); "
                + "conform the failing type to JSONSchemaDescribing"
        }
    }
}

/// A type that states its own JSON Schema, for types whose decoding validates its input or whose JSON shape is not
/// read off its keys (a decimal string, a value with custom coding).
public protocol JSONSchemaDescribing: Decodable {
    /// The type's JSON Schema.
    static var jsonSchema: JSONValue { get }
    /// Any valid value, which stands for the type while the schema of what contains it is derived.
    static var schemaExample: Self { get }
}

/// A type that is one named entity of the contract (a bill, a cart): its schema carries `title` (``schemaName``), so
/// that a service's `ops` listing publishes it once, under that name, and refers to it by `$ref` wherever the type
/// appears (``OpsListing/hoisting(service:ops:)``). A generated SDK then has one type for it.
public protocol JSONSchemaEntity {
    /// The entity's name in `$defs` and OpenAPI's `components.schemas`, unique across the services.
    static var schemaName: String { get }
}

extension JSONValue: JSONSchemaDescribing {
    /// Any JSON value: the empty schema.
    public static var jsonSchema: JSONValue { [:] }
    public static var schemaExample: JSONValue { .null }
}

extension NoArgs: JSONSchemaDescribing {
    /// An object; its members are ignored.
    public static var jsonSchema: JSONValue { ["type": "object"] }
    public static var schemaExample: NoArgs { NoArgs() }
}
