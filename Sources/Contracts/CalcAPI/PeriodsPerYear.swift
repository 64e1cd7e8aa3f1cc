import Wire

/// The names a ``PeriodsPerYear`` argument takes besides a count, with the count each stands for (`nil`:
/// continuous).
public protocol PeriodNames: Sendable {
    static var names: KeyValuePairs<String, Int?> { get }
}

/// `compoundInterest`'s `compoundsPerYear`: a count or `continuous`.
public enum CompoundingNames: PeriodNames {
    public static let names: KeyValuePairs<String, Int?> = ["continuous": nil]
}

/// `loan`'s `compounding`: a count or a name, `semiannual` for Canadian mortgages.
public enum LoanCompoundingNames: PeriodNames {
    public static let names: KeyValuePairs<String, Int?> = [
        "annual": 1, "annually": 1, "yearly": 1, "semiannual": 2, "semi-annual": 2, "semiannually": 2,
        "quarterly": 4, "monthly": 12, "biweekly": 26, "weekly": 52, "daily": 365,
    ]
}

/// How often something happens in a year: a count from 1 to 366, as a JSON integer or a string of digits, or one of
/// `Names`. The decoder refuses anything else, and the schema says exactly that, from the same two rules.
public struct PeriodsPerYear<Names: PeriodNames>: Codable, Sendable, Hashable, JSONSchemaDescribing {
    /// The counts a year may have.
    public static var range: ClosedRange<Int> { 1...366 }
    /// A string of digits naming a count in ``range``.
    static var digitsPattern: String { "^0*([1-9][0-9]?|[12][0-9]{2}|3[0-5][0-9]|36[0-6])$" }

    /// The periods a year; `nil` for continuous.
    public let perYear: Int?
    /// The argument as given (a count's digits, or a name).
    public let text: String

    /// A count, or a name of `Names`; `nil` for anything else.
    public init?(_ text: String) {
        if let named = Names.names.first(where: { $0.key == text }) {
            perYear = named.value
        } else if text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber), let count = Int(text),
            Self.range.contains(count)
        {
            perYear = count
        } else {
            return nil
        }
        self.text = text
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text: String
        if let string = try? container.decode(String.self) {
            text = string
        } else {
            text = String(try container.decode(Int.self))
        }
        guard let value = Self(text) else {
            let names = Names.names.map(\.key).joined(separator: ", ")
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "must be a count from \(Self.range.lowerBound) to \(Self.range.upperBound)"
                        + " or one of \(names)"
                )
            )
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let count = Int(text) { try container.encode(count) } else { try container.encode(text) }
    }

    public static var jsonSchema: JSONValue {
        [
            "anyOf": [
                [
                    "type": "integer", "minimum": JSONValue(integerLiteral: range.lowerBound),
                    "maximum": JSONValue(integerLiteral: range.upperBound),
                ],
                ["type": "string", "pattern": .string(digitsPattern)],
                ["type": "string", "enum": .array(Names.names.map { .string($0.key) })],
            ]
        ]
    }

    public static var schemaExample: Self { Self("1")! }
}
