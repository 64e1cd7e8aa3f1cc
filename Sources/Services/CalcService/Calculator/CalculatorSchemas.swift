import Calculator
import Wire

/// JSON Schemas of the calculator and finance ops' `args`.
enum CalculatorSchemas {
    static let number: JSONValue = ["type": ["string", "number"], "description": "decimal, as a string for exactness"]
    static let digits: JSONValue = ["type": "integer", "minimum": 1, "maximum": 1000, "default": 15]

    static let evaluate: JSONValue = [
        "type": "object", "required": ["expression"],
        "properties": [
            "expression": ["type": "string"],
            "angle": ["type": "string", "enum": ["rad", "deg"], "default": "rad"],
            "digits": digits,
            "ans": number,
        ],
    ]
    static let convert: JSONValue = [
        "type": "object", "required": ["value", "from", "to"],
        "properties": ["value": number, "from": ["type": "string"], "to": ["type": "string"], "digits": digits],
    ]
    static let units: JSONValue = [
        "type": "object",
        "properties": [
            "category": ["type": "string", "enum": .array(UnitCategory.allCases.map { .string($0.rawValue) })]
        ],
    ]
}

enum FinanceSchemas {
    private static let number = CalculatorSchemas.number

    static let compound: JSONValue = [
        "type": "object", "required": ["principal", "ratePercent", "years"],
        "properties": [
            "principal": number, "ratePercent": number, "years": number,
            "compoundsPerYear": ["type": ["integer", "string"], "description": "a count, or \"continuous\""],
            "contribution": number, "contributionsPerYear": ["type": "integer"],
            "contributionTiming": ["type": "string", "enum": ["start", "end"]],
        ],
    ]
    static let loan: JSONValue = [
        "type": "object", "required": ["principal", "ratePercent", "years"],
        "properties": [
            "principal": number, "ratePercent": number, "years": number,
            "paymentsPerYear": ["type": "integer", "default": 12],
            "compounding": ["type": ["integer", "string"], "description": "semiannual, monthly, ... or a count"],
            "extraPayment": number,
            "rounding": ["type": "string", "enum": ["cents", "cents_half_up", "none"]],
            "digits": CalculatorSchemas.digits,
            "scheduleOmitted": ["type": "boolean"],
        ],
    ]
    static let ratios: JSONValue = [
        "type": "object", "required": ["price"],
        "properties": [
            "price": number, "earningsPerShare": number, "dividendPerShare": number, "bookValuePerShare": number,
            "netIncome": number, "shareholdersEquity": number, "sharesOutstanding": number,
            "digits": CalculatorSchemas.digits,
        ],
    ]
    static let cagr: JSONValue = [
        "type": "object", "required": ["start", "end", "years"],
        "properties": ["start": number, "end": number, "years": number, "digits": CalculatorSchemas.digits],
    ]
    static let currency: JSONValue = [
        "type": "object", "required": ["amount", "from", "to"],
        "properties": [
            "amount": number, "from": ["type": "string"], "to": ["type": "string"],
            "asOf": ["type": "string", "description": "ISO date; the latest rates on or before it"],
        ],
    ]
    static let rates: JSONValue = ["type": "object", "properties": ["asOf": ["type": "string"]]]
}
