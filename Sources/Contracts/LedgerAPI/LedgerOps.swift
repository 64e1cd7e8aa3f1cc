import Wire

/// The ops of the `ledger` service, one type each; see docs/api.md. Every op but `auth.signup` and `auth.login`
/// needs the request's `token` (from `auth.login`).
public enum LedgerOps {
    /// The service name.
    public static let service = "ledger"

    static let id: JSONValue = ["type": "string", "minLength": 1]
    static let username: JSONValue = [
        "type": "string", "pattern": "^[A-Za-z0-9._-]{3,32}$",
        "description": "3 to 32 of a-z 0-9 . _ -, kept lower-cased",
    ]
    static let password: JSONValue = ["type": "string", "minLength": 8, "maxLength": 256]
    static let amount: JSONValue = [
        "type": "string", "pattern": "^(0|[1-9][0-9]*)(\\.[0-9]{1,6})?$",
        "description": "decimal text in the currency's minor digits, e.g. \"84.30\"",
    ]
    static let date: JSONValue = [
        "type": "string", "format": "date", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
        "description": "ISO 8601 date, YYYY-MM-DD",
    ]
    static let currency: JSONValue = [
        "type": "string", "pattern": "^[A-Za-z]{3}$", "description": "ISO 4217 code, e.g. CAD (any case)",
    ]
    static let timeZone: JSONValue = [
        "type": "string", "minLength": 1,
        "description": "an IANA time zone (America/Toronto) or a fixed offset (-05:00, Z)",
    ]
    static let version: JSONValue = ["type": "integer", "minimum": 1, "description": "the version last read"]
    static let household: JSONValue = [
        "type": "object", "required": ["householdId"], "properties": ["householdId": id],
    ]
    /// How a bill is shared: one entity (`title`) in the arguments and the results (``SplitSpec``).
    static let split: JSONValue = [
        "title": "Split", "type": "object", "required": ["kind"],
        "properties": [
            "kind": ["type": "string", "enum": ["equal", "exact", "shares", "percent", "itemized"]],
            "among": ["type": "array", "items": id, "description": "equal: who shares (default: every member)"],
            "amounts": [
                "type": "object", "additionalProperties": amount, "description": "exact: must sum to the bill",
            ],
            "shares": ["type": "object", "additionalProperties": ["type": "integer", "minimum": 1]],
            "percents": [
                "type": "object", "additionalProperties": ["type": ["string", "integer"]],
                "description": "percent: up to 2 decimals each, summing to 100",
            ],
            "items": [
                "type": "array",
                "items": [
                    "title": "SplitItem", "type": "object", "required": ["amount", "among"],
                    "properties": [
                        "description": ["type": "string"], "amount": amount,
                        "among": ["type": "array", "items": id],
                    ],
                ],
            ],
            "tax": amount, "tip": amount,
        ],
    ]
    static let quantity: JSONValue = [
        "type": "string", "pattern": "^[0-9]+(\\.[0-9]{1,6})?$",
        "description": "a decimal greater than 0 with at most 6 fraction digits, e.g. \"0.5\"",
    ]
    static let unit: JSONValue = [
        "type": "string", "maxLength": 20,
        "description": "a unit the converter knows (g, kg, mL, L, cup, lb, ...) or any other word (pcs, can, bag)",
    ]
    /// Arguments naming a list item or stock line, with an optional version.
    static let itemRef: JSONValue = [
        "type": "object", "required": ["itemId"], "properties": ["itemId": id, "version": version],
    ]
    static let itemName: JSONValue = ["type": "string", "minLength": 1, "maxLength": 100]
    static let location: JSONValue = ["type": "string", "maxLength": 50, "description": "e.g. fridge, pantry"]
    static let restock: JSONValue = [
        "type": "boolean", "description": "when the line runs out, put it back on the shopping list",
    ]
    /// What an amount, a currency or a quantity may still be refused for: the currency's own minor digits, a code
    /// ISO 4217 does not list, zero and the bounds, which the patterns cannot state.
    static func valueRefusals(
        amounts: [String] = [],
        currencies: [String] = [],
        quantities: [String] = []
    )
        -> [OpRefusal]
    {
        amounts.map { OpRefusal(.invalidArgument, field: $0, "0, more decimals than the currency has, or too large") }
            + currencies.map { OpRefusal(.invalidArgument, field: $0, "a code ISO 4217 does not list") }
            + quantities.map { OpRefusal(.invalidArgument, field: $0, "0 where more is needed, or over 1,000,000,000") }
    }
    /// A user named who is not a member of the household.
    static func memberRefusals(_ fields: [String]) -> [OpRefusal] {
        fields.map { OpRefusal(.invalidArgument, field: $0, "a user who is not a member of the household") }
    }
    /// A bill's description: 1 to 200 characters once trimmed.
    static let description: JSONValue = ["type": "string", "minLength": 1, "maxLength": 200]
    /// A bill's category: at most 50 characters once trimmed.
    static let category: JSONValue = ["type": "string", "maxLength": 50]
    /// A description that is only white space, which the ledger trims to nothing.
    static let descriptionRefusal = OpRefusal(.invalidArgument, field: "description", "only white space")
    /// A page cursor this list did not hand out.
    static let cursorRefusal = OpRefusal(.invalidArgument, field: "cursor", "not a cursor from this list")
    /// A time zone no database lists.
    static let timeZoneRefusal = OpRefusal(.invalidArgument, field: "timeZone", "not an IANA time zone or an offset")
    static let payers: JSONValue = [
        "type": "object", "additionalProperties": amount,
        "description": "several payers: userId to the amount each paid, summing to the bill",
    ]
}
