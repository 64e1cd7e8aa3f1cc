import Wire

/// A product tree node on the wire.
public struct CeilingNode: Codable, Sendable, Hashable, JSONWritable {
    public var id: String
    public var name: String
    public var subtitle: String?
    /// Whether it is a product (with an input form) rather than a group.
    public var leaf: Bool

    public init(id: String, name: String, subtitle: String?, leaf: Bool) {
        self.id = id
        self.name = name
        self.subtitle = subtitle
        self.leaf = leaf
    }

    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { members in
            members.member("id", id)
            members.member("leaf", leaf)
            members.member("name", name)
            members.member("subtitle", subtitle)
        }
    }
}

/// `ceiling.menu`: one level of the product tree.
public enum CeilingMenuOp: OpContract {
    public static let service = CalcOps.service
    public static let name = "ceiling.menu"
    public static let effect = OpEffect.pure
    public static let summary = "Walks the ceiling product tree from the root or any node"
    public static let argsSchema: JSONValue = [
        "type": "object",
        "properties": ["node": ["type": "string", "description": "a node id; the root when absent"]],
    ]

    public struct Args: Codable, Sendable, Hashable {
        public var node: String?
        public init(node: String? = nil) { self.node = node }
    }

    public struct Result: Codable, Sendable, Hashable {
        public var node: CeilingNode
        /// From the root down to `node`'s parent.
        public var path: [CeilingNode]
        public var children: [CeilingNode]

        public init(node: CeilingNode, path: [CeilingNode], children: [CeilingNode]) {
            self.node = node
            self.path = path
            self.children = children
        }
    }
}

/// `ceiling.inputs`: a product's input form.
public enum CeilingInputsOp: OpContract {
    public static let service = CalcOps.service
    public static let name = "ceiling.inputs"
    public static let effect = OpEffect.pure
    public static let summary = "The input form of one ceiling product"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["product"],
        "properties": [
            "product": ["type": "string", "minLength": 1, "description": "a product (leaf) id, e.g. regal_600x600"]
        ],
    ]

    public struct Args: Codable, Sendable, Hashable {
        public var product: String
        public init(product: String) { self.product = product }
    }

    /// The form, with numbers as decimal strings.
    public struct Result: Codable, Sendable, Hashable {
        /// One field of the form.
        public struct Input: Codable, Sendable, Hashable {
            public var name = ""
            public var label = ""
            /// `number`, `boolean` or `choice`.
            public var type = ""
            public var unit: String?
            public var required = false
            public var `default`: JSONValue?
            public var min: String?
            public var max: String?
            public var integer = false
            public var choices: [Choice]?
            public var excludes: [String]?
            public var group: String?
            public var help: String?

            public init() {}
        }

        /// One choice of a `choice` field.
        public struct Choice: Codable, Sendable, Hashable {
            public var value: String
            public var label: String

            public init(value: String, label: String) {
                self.value = value
                self.label = label
            }
        }

        /// A rule between fields.
        public struct Rule: Codable, Sendable, Hashable {
            public var kind: String
            public var fields: [String]
            public var message: String

            public init(kind: String, fields: [String], message: String) {
                self.kind = kind
                self.fields = fields
                self.message = message
            }
        }

        public var product = ""
        public var path: [CeilingNode] = []
        public var inputs: [Input] = []
        /// The ways the room's size may be given, each a list of field names.
        public var geometry: [[String]] = []
        public var rules: [Rule] = []

        public init() {}
    }
}

/// `ceiling.estimate`: every component of a product for one room, with quantities.
public enum CeilingEstimateOp: OpContract {
    public static let service = CalcOps.service
    public static let name = "ceiling.estimate"
    public static let effect = OpEffect.pure
    public static let summary = "Every component of a ceiling product for one room, with quantities"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["product"],
        "properties": [
            "product": ["type": "string", "minLength": 1, "description": "a product (leaf) id, e.g. regal_600x600"],
            "inputs": [
                "type": "object",
                "description": "values by input name as ceiling.inputs lists them; numbers may be decimal strings",
                "additionalProperties": ["type": ["number", "string", "boolean", "null"]],
            ],
        ],
    ]

    /// A product and its inputs by name (numbers as JSON numbers or decimal strings).
    public struct Args: Codable, Sendable, Hashable {
        public var product: String
        public var inputs: [String: JSONValue]?

        public init(product: String, inputs: [String: JSONValue]? = nil) {
            self.product = product
            self.inputs = inputs
        }
    }

    /// The bill of materials (`components`), the room, notes and warnings. It writes its own JSON: `Codable` took
    /// about a third of the op's time.
    public struct Result: Codable, Sendable, Hashable, JSONWritable {
        /// One line of the bill of materials.
        public struct Component: Codable, Sendable, Hashable, JSONWritable {
            public var code = ""
            public var name = ""
            public var product = ""
            public var productName = ""
            /// Whole pieces to order, spares included (every product is sold by the piece).
            public var quantity = 0
            public var unit = ""
            public var pieces = 0
            public var spares = 0
            public var packSize: Int?
            public var packs: Int?
            public var stockLengthM: String?
            public var coverageM2: String?

            public init() {}

            public func writeJSON(to writer: inout JSONWriter) {
                writer.object { members in
                    members.member("code", code)
                    members.member("coverageM2", coverageM2)
                    members.member("name", name)
                    members.member("packSize", packSize)
                    members.member("packs", packs)
                    members.member("pieces", pieces)
                    members.member("product", product)
                    members.member("productName", productName)
                    members.member("quantity", quantity)
                    members.member("spares", spares)
                    members.member("stockLengthM", stockLengthM)
                    members.member("unit", unit)
                }
            }
        }

        public var product = ""
        public var path: [CeilingNode] = []
        public var catalogueVersion = ""
        public var areaM2 = ""
        public var perimeterM = ""
        public var perimeterEstimated = false
        public var components: [Component] = []
        public var notes: [String] = []
        public var warnings: [String] = []
        /// The inputs as the estimate read them: numbers as decimal strings.
        public var inputs: JSONValue = [:]

        public init() {}

        public func writeJSON(to writer: inout JSONWriter) {
            writer.object { members in
                members.member("areaM2", areaM2)
                members.member("catalogueVersion", catalogueVersion)
                members.member("components", components)
                members.member("inputs", inputs)
                members.member("notes", notes)
                members.member("path", path)
                members.member("perimeterEstimated", perimeterEstimated)
                members.member("perimeterM", perimeterM)
                members.member("product", product)
                members.member("warnings", warnings)
            }
        }
    }
}
