import Foundation
import Wire

/// What the `calc` service's contracts share.
public enum CalcOps {
    /// The service name.
    public static let service = "calc"
    /// A decimal argument's schema: a string keeps it exact. As text, a decimal (`-12.5`, `.5`, `2.5E+4`, an
    /// exponent of at most 3 digits) or a fraction with a non-zero whole denominator (`1/3`).
    static let number = decimal(#"[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)"#, denominatorSign: "[-+]?")
    /// A decimal argument that must be greater than 0.
    static let positiveNumber = decimal(
        #"\+?([0-9]*[1-9][0-9]*(\.[0-9]*)?|[0-9]*\.[0-9]*[1-9][0-9]*)"#,
        denominatorSign: #"\+?"#,
        bound: ("exclusiveMinimum", 0)
    )
    /// A decimal argument that must be 0 or more.
    static let nonNegativeNumber = decimal(
        #"\+?([0-9]+(\.[0-9]*)?|\.[0-9]+)"#,
        denominatorSign: #"\+?"#,
        bound: ("minimum", 0)
    )

    /// The schema of a decimal whose text's significand matches `significand`, with an optional exponent and
    /// denominator, and whose JSON number form has `bound`.
    private static func decimal(
        _ significand: String,
        denominatorSign: String,
        bound: (String, Int)? = nil
    ) -> JSONValue {
        var schema: [(String, JSONValue)] = [
            ("type", ["string", "number"]), ("description", "decimal, as a string for exactness"),
            ("pattern", .string("^\(significand)([eE][-+]?0*[0-9]{1,3})?(/\(denominatorSign)0*[1-9][0-9]*)?$")),
        ]
        if let (keyword, value) = bound { schema.append((keyword, JSONValue(integerLiteral: value))) }
        return .object(JSONObject(schema))
    }
    /// A count of periods a year (payments, contributions): an integer in ``PeriodsPerYear/range``.
    static let countPerYear: JSONValue = [
        "type": "integer", "minimum": JSONValue(integerLiteral: PeriodsPerYear<CompoundingNames>.range.lowerBound),
        "maximum": JSONValue(integerLiteral: PeriodsPerYear<CompoundingNames>.range.upperBound),
    ]
    /// An ISO 4217 currency code, in either case (`usd` is `USD`).
    static let currencyCode: JSONValue = ["type": "string", "pattern": "^[A-Za-z]{3}$"]
    /// A date (`2024-01-31`) or a date-time (`2024-01-31T18:30:05Z`; the offset may be left out, then `timeZone`
    /// applies), as RFC 3339 writes them; what `DateTime(parsing:)` reads.
    static func dateOrDateTime(_ description: String = "ISO 8601 date or date-time") -> JSONValue {
        [
            "type": "string", "anyOf": [["format": "date"], ["format": "date-time"]],
            "description": .string(description),
        ]
    }
    /// A `digits` argument's schema.
    static let digits: JSONValue = ["type": "integer", "minimum": 1, "maximum": 1000, "default": 15]
}

/// A number argument given as a JSON string (`"12.50"`, `"1/3"`) or a JSON number, kept as the text it was written
/// as, so nothing is rounded through binary floating point.
public struct NumberText: Codable, Sendable, Hashable, ExpressibleByStringLiteral, JSONSchemaDescribing {
    public var text: String

    public init(_ text: String) { self.text = text }
    public init(stringLiteral value: String) { text = value }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let string = try? container.decode(String.self) {
            text = string
        } else if case .number(let literal) = try container.decode(JSONValue.self) {
            // The number as it was written: `5e-210` and `9e307` are outside Decimal's range, not the calculator's.
            text = literal
        } else {
            throw DecodingError.typeMismatch(
                Decimal.self,
                .init(codingPath: decoder.codingPath, debugDescription: "a number or a decimal string")
            )
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    public static let jsonSchema = CalcOps.number
    public static let schemaExample = NumberText("0")
}
