import Wire

/// `evaluate`: an expression, exact where possible and correctly rounded otherwise (docs/calculator.md).
public enum EvaluateOp: OpContract {
    public static let service = CalcOps.service
    public static let name = "evaluate"
    public static let effect = OpEffect.pure
    public static let summary = "Evaluates an expression: exact where possible, correctly rounded otherwise"
    public static let refusals = [
        OpRefusal(
            .invalidArgument,
            field: "expression",
            "its grammar (docs/calculator.md) cannot read it, or a value overflows"
        )
    ]
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["expression"],
        "properties": [
            "expression": [
                "type": "string", "pattern": .string(JSONSchema.notBlankPattern),
                "description": "not blank; its grammar (docs/calculator.md) is checked when it is parsed",
            ],
            "angle": ["type": "string", "enum": ["rad", "deg"], "default": "rad"],
            "digits": CalcOps.digits,
            "ans": CalcOps.number,
        ],
    ]

    public struct Args: Codable, Sendable, Hashable, JSONReadable {
        public var expression: String
        /// `rad` (default) or `deg`.
        public var angle: String?
        public var digits: Int?
        /// The previous result in the caller's session, for `ans`.
        public var ans: NumberText?

        public init(expression: String, angle: String? = nil, digits: Int? = nil, ans: NumberText? = nil) {
            self.expression = expression
            self.angle = angle
            self.digits = digits
            self.ans = ans
        }

        /// The common request (an expression, perhaps an angle unit and digits) read directly; `ans` and anything
        /// unusual go through `Decodable`.
        public init?(readingJSON json: JSONValue) {
            guard let object = json.objectValue, case .string(let expression)? = object["expression"],
                object.optionalString("ans") == .some(nil), let angle = object.optionalString("angle"),
                let digits = object.optionalInt("digits")
            else { return nil }
            self.init(expression: expression, angle: angle, digits: digits)
        }
    }

    public struct Result: Codable, Sendable, Hashable, JSONWritable {
        public var value = ""
        public var exact = false
        public var approx: String?
        public var exactForm: String?
        /// The expression as it was read, fully parenthesized.
        public var parsed: String?

        public init() {}

        public func writeJSON(to writer: inout JSONWriter) {
            writer.object { members in
                members.member("approx", approx)
                members.member("exact", exact)
                members.member("exactForm", exactForm)
                members.member("parsed", parsed)
                members.member("value", value)
            }
        }
    }
}

/// A unit as replies describe it.
public struct UnitText: Codable, Sendable, Hashable {
    public var symbol = ""
    public var name = ""
    public var category = ""
    public var definition = ""
    public var aliases: [String] = []

    public init() {}
}

/// `convert`: a value between units of one category, with exact factors.
public enum ConvertOp: OpContract {
    public static let service = CalcOps.service
    public static let name = "convert"
    public static let effect = OpEffect.pure
    public static let summary = "Converts a value between units of one category, with exact factors"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["value", "from", "to"],
        "properties": [
            "value": CalcOps.number, "from": ["type": "string"], "to": ["type": "string"], "digits": CalcOps.digits,
        ],
    ]

    public struct Args: Codable, Sendable, Hashable {
        public var value: NumberText
        public var from: String
        public var to: String
        public var digits: Int?

        public init(value: NumberText, from: String, to: String, digits: Int? = nil) {
            self.value = value
            self.from = from
            self.to = to
            self.digits = digits
        }
    }

    public struct Result: Codable, Sendable, Hashable {
        public var value = ""
        public var exact = false
        public var exactForm: String?
        public var from = UnitText()
        public var to = UnitText()
        public var category = ""

        public init() {}
    }
}

/// `units`: the units, optionally of one category.
public enum UnitsOp: OpContract {
    public static let service = CalcOps.service
    public static let name = "units"
    public static let effect = OpEffect.pure
    public static let summary = "Lists the units, optionally of one category"
    /// The categories `category` may name, in the catalogue's order (a test checks them against the catalogue).
    public static let categories = [
        "length", "area", "volume", "mass", "temperature", "time", "speed", "energy", "power", "pressure", "data",
        "angle", "fuel_economy",
    ]
    public static let argsSchema: JSONValue = [
        "type": "object",
        "properties": ["category": ["type": "string", "enum": .array(categories.map(JSONValue.string))]],
    ]

    public struct Args: Codable, Sendable, Hashable {
        public var category: String?
        public init(category: String? = nil) { self.category = category }
    }

    public struct Result: Codable, Sendable, Hashable {
        public var categories: [String] = []
        public var units: [UnitText] = []
        public init() {}
    }
}
