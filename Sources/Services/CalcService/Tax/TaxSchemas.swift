import Wire

/// JSON Schemas of the tax ops' `args`.
enum TaxSchemas {
    /// Money: a decimal string such as "85000.00", or a number.
    static let money: JSONValue = ["type": ["string", "number"], "pattern": "^[0-9]+(\\.[0-9]{1,2})?$"]

    static let situation: [(String, JSONValue)] = [
        ("year", ["type": "integer", "description": "tax year; defaults to the latest with data"]),
        ("province", ["type": "string", "description": "two-letter code: AB BC MB NB NL NS NT NU ON PE QC SK YT"]),
        ("age", ["type": "integer", "minimum": 0, "maximum": 130]),
        (
            "income",
            .object(
                JSONObject([
                    ("type", "object"),
                    (
                        "properties",
                        .object(
                            JSONObject(
                                [
                                    "employment", "selfEmployment", "interest", "eligibleDividends",
                                    "nonEligibleDividends", "foreign",
                                    "foreignTaxPaid", "capitalGains", "oas", "pension", "other",
                                ].map { ($0, money) }
                            )
                        )
                    ),
                    ("additionalProperties", false),
                ])
            )
        ),
        (
            "deductions",
            .object(
                JSONObject([
                    ("type", "object"),
                    ("properties", .object(JSONObject(["rrsp", "rrspRoom", "other"].map { ($0, money) }))),
                    ("additionalProperties", false),
                ])
            )
        ),
    ]

    static let estimate: JSONValue = .object(
        JSONObject([
            ("type", "object"),
            ("required", ["province"]),
            ("properties", .object(JSONObject(situation))),
        ])
    )

    static let topic: JSONValue = .object(
        JSONObject([
            ("type", "object"),
            ("required", ["topic", "province"]),
            (
                "properties",
                .object(
                    JSONObject(
                        situation + [
                            ("topic", ["type": "string", "enum": .array(TaxTopicIDs.all.map { .string($0) })]),
                            ("amount", money),
                            ("contribution", money),
                            ("foreignTaxPaid", money),
                            ("dividendKind", ["type": "string", "enum": ["eligible", "nonEligible"]]),
                        ]
                    )
                )
            ),
        ])
    )

    static let topics: JSONValue = ["type": "object", "properties": ["query": ["type": "string"]]]

    static let none: JSONValue = ["type": "object"]
}
