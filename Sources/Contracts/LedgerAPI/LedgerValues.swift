import Wire

/// How a bill is shared, as it travels: `kind` and the fields that kind uses.
public struct SplitSpec: Codable, Sendable, Hashable {
    /// `equal`, `exact`, `shares`, `percent` or `itemized`.
    public var kind: String
    /// `equal`: who shares; every current member when absent.
    public var among: [String]?
    /// `exact`: each member's amount, summing to the bill.
    public var amounts: [String: String]?
    /// `shares`: each member's positive whole number of shares.
    public var shares: [String: Int]?
    /// `percent`: each member's percentage (up to 2 decimals), summing to 100.
    public var percents: [String: DecimalText]?
    /// `itemized`: the lines, each shared equally among its members.
    public var items: [SplitItem]?
    /// `itemized`: tax, prorated over the lines.
    public var tax: String?
    /// `itemized`: tip, prorated over the lines.
    public var tip: String?

    /// Creates a split of `kind` with the fields it uses.
    public init(
        kind: String,
        among: [String]? = nil,
        amounts: [String: String]? = nil,
        shares: [String: Int]? = nil,
        percents: [String: DecimalText]? = nil,
        items: [SplitItem]? = nil,
        tax: String? = nil,
        tip: String? = nil
    ) {
        self.kind = kind
        self.among = among
        self.amounts = amounts
        self.shares = shares
        self.percents = percents
        self.items = items
        self.tax = tax
        self.tip = tip
    }
}

/// One line of an itemized bill.
public struct SplitItem: Codable, Sendable, Hashable {
    public var description: String?
    public var amount: String
    /// Who shares the line, equally.
    public var among: [String]

    /// Creates a line.
    public init(description: String? = nil, amount: String, among: [String]) {
        self.description = description
        self.amount = amount
        self.among = among
    }
}

/// A decimal number that may travel as a JSON string (`"33.33"`) or a JSON number (`50`, `33.33`), kept as the
/// exact text it was written with (never through binary floating point).
public struct DecimalText: Codable, Sendable, Hashable, ExpressibleByStringLiteral {
    /// The number as text.
    public var text: String

    /// Wraps `text`.
    public init(_ text: String) { self.text = text }
    /// Wraps a literal.
    public init(stringLiteral value: String) { self.text = value }

    public init(from decoder: any Decoder) throws {
        switch try decoder.singleValueContainer().decode(JSONValue.self) {
        case .string(let value), .number(let value): text = value
        default:
            throw DecodingError.typeMismatch(
                DecimalText.self,
                .init(codingPath: decoder.codingPath, debugDescription: "expected a decimal number or string")
            )
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

extension DecimalText: JSONSchemaDescribing {
    /// A decimal number, as a JSON string or number.
    public static let jsonSchema: JSONValue = [
        "type": ["string", "number"], "pattern": "^-?[0-9]+(\\.[0-9]+)?$",
        "description": "a decimal number, as a string or a number",
    ]
    public static let schemaExample = DecimalText("0")
}

/// A member's amount in a bill: what they paid, or their share.
public struct MemberAmount: Codable, Sendable, Hashable {
    public var userId: String
    public var amount: String

    /// Creates the value.
    public init(userId: String, amount: String) {
        self.userId = userId
        self.amount = amount
    }
}

/// A split's schema is the one its arguments are checked against, so a result's split is the same entity as an
/// argument's.
extension SplitSpec: JSONSchemaDescribing {
    public static var jsonSchema: JSONValue { LedgerOps.split }
    public static var schemaExample: SplitSpec { SplitSpec(kind: "equal") }
}
