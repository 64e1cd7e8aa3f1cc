import Wire

/// `inventory.add`: puts something in the cupboard; a line of the same name, location and a unit that converts
/// takes the quantity instead.
public enum InventoryAddOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "inventory.add"
    public static let access = OpAccess.member
    public static let effect = OpEffect.write
    public static let summary = "Adds stock (merged into a line of the same name, location and unit)"
    public static let refusals = LedgerOps.valueRefusals(quantities: ["quantity", "restockQuantity"])
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["householdId", "name", "quantity"],
        "properties": [
            "householdId": LedgerOps.id, "name": LedgerOps.itemName, "quantity": LedgerOps.quantity,
            "unit": LedgerOps.unit, "location": LedgerOps.location, "bestBefore": LedgerOps.date,
            "restock": LedgerOps.restock, "restockQuantity": LedgerOps.quantity,
        ],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var householdId: String
        public var name: String
        public var quantity: String
        public var unit: String?
        public var location: String?
        public var bestBefore: String?
        public var restock: Bool?
        public var restockQuantity: String?
        public init(
            householdId: String,
            name: String,
            quantity: String,
            unit: String? = nil,
            location: String? = nil,
            bestBefore: String? = nil,
            restock: Bool? = nil,
            restockQuantity: String? = nil
        ) {
            self.householdId = householdId
            self.name = name
            self.quantity = quantity
            self.unit = unit
            self.location = location
            self.bestBefore = bestBefore
            self.restock = restock
            self.restockQuantity = restockQuantity
        }
    }
    public struct Result: Codable, Sendable, Hashable {
        public var stock: StockLineView
        public var merged: Bool
        /// The quantity added, in the line's unit.
        public var added: String
        public init(stock: StockLineView, merged: Bool, added: String) {
            self.stock = stock
            self.merged = merged
            self.added = added
        }
    }
}

/// `inventory.edit`: corrects a stock line, given the version last read.
public enum InventoryEditOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "inventory.edit"
    public static let access = OpAccess.member
    public static let effect = OpEffect.write
    public static let summary = "Corrects a stock line (quantity, unit, location, best-before, restock)"
    public static let refusals = LedgerOps.valueRefusals(quantities: ["quantity", "restockQuantity"])
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["itemId", "version"],
        "properties": [
            "itemId": LedgerOps.id, "version": LedgerOps.version, "name": LedgerOps.itemName,
            "quantity": [
                "type": "string", "description": "a decimal of at least 0 with at most 6 fraction digits",
            ],
            "unit": LedgerOps.unit,
            "location": ["type": "string", "maxLength": 50, "description": "\"\" clears it"],
            "bestBefore": ["type": "string", "description": "YYYY-MM-DD; \"\" clears it"],
            "restock": LedgerOps.restock, "restockQuantity": LedgerOps.quantity,
        ],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var itemId: String
        public var version: Int
        public var name: String?
        public var quantity: String?
        public var unit: String?
        public var location: String?
        public var bestBefore: String?
        public var restock: Bool?
        public var restockQuantity: String?
        public init(
            itemId: String,
            version: Int,
            name: String? = nil,
            quantity: String? = nil,
            unit: String? = nil,
            location: String? = nil,
            bestBefore: String? = nil,
            restock: Bool? = nil,
            restockQuantity: String? = nil
        ) {
            self.itemId = itemId
            self.version = version
            self.name = name
            self.quantity = quantity
            self.unit = unit
            self.location = location
            self.bestBefore = bestBefore
            self.restock = restock
            self.restockQuantity = restockQuantity
        }
    }
    public typealias Result = StockChange
}

/// `inventory.consume`: takes an amount out of a stock line.
public enum InventoryConsumeOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "inventory.consume"
    public static let access = OpAccess.member
    public static let effect = OpEffect.write
    public static let summary =
        "Takes an amount out of a stock line; a line that runs out with restock on goes back on the list"
    public static let refusals = LedgerOps.valueRefusals(quantities: ["quantity"])
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["itemId", "quantity"],
        "properties": [
            "itemId": LedgerOps.id, "version": LedgerOps.version, "quantity": LedgerOps.quantity,
            "unit": ["type": "string", "description": "the unit of quantity when not the line's (converted)"],
        ],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var itemId: String
        public var version: Int?
        public var quantity: String
        public var unit: String?
        public init(itemId: String, version: Int? = nil, quantity: String, unit: String? = nil) {
            self.itemId = itemId
            self.version = version
            self.quantity = quantity
            self.unit = unit
        }
    }
    public typealias Result = StockChange
}

/// `inventory.remove`: deletes a stock line.
public enum InventoryRemoveOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "inventory.remove"
    public static let access = OpAccess.member
    public static let effect = OpEffect.write
    public static let summary = "Deletes a stock line (version optional, checked when given)"
    public static let argsSchema = LedgerOps.itemRef
    public typealias Args = ItemRefArgs
    public typealias Result = Done
}

/// `inventory.list`: the household's stock, or only what is due within some days.
public enum InventoryListOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "inventory.list"
    public static let access = OpAccess.member
    public static let effect = OpEffect.read
    public static let summary =
        "The household's stock by name; expiringWithinDays lists lines due by then (expired ones included)"
    public static let refusals = [LedgerOps.timeZoneRefusal]
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["householdId"],
        "properties": [
            "householdId": LedgerOps.id, "location": LedgerOps.location,
            "expiringWithinDays": ["type": "integer", "minimum": 0, "maximum": 3660],
            "timeZone": LedgerOps.timeZone,
        ],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var householdId: String
        public var location: String?
        public var expiringWithinDays: Int?
        public var timeZone: String?
        public init(
            householdId: String,
            location: String? = nil,
            expiringWithinDays: Int? = nil,
            timeZone: String? = nil
        ) {
            self.householdId = householdId
            self.location = location
            self.expiringWithinDays = expiringWithinDays
            self.timeZone = timeZone
        }
    }
    public struct Result: Codable, Sendable, Hashable {
        public var lines: [StockLineView]
        /// The date the filter counted from, in the asked time zone.
        public var today: String
        public init(lines: [StockLineView], today: String) {
            self.lines = lines
            self.today = today
        }
    }
}

/// A stock line after a change, and the shopping-list item a run-out line with `restock` put back on the list.
public struct StockChange: Codable, Sendable, Hashable {
    public var stock: StockLineView
    public var restocked: ShoppingItemView?
    public init(stock: StockLineView, restocked: ShoppingItemView?) {
        self.stock = stock
        self.restocked = restocked
    }
}

/// A line of the household's stock.
public struct StockLineView: Codable, Sendable, Hashable {
    public var itemId: String
    public var householdId: String
    public var name: String
    public var quantity: String
    public var unit: String
    public var location: String?
    public var bestBefore: String?
    /// Days from the listing's today to `bestBefore` (negative when past); only in `inventory.list`.
    public var daysLeft: Int?
    public var restock: Bool
    public var restockQuantity: String?
    public var version: Int

    /// Creates the value.
    public init(
        itemId: String,
        householdId: String,
        name: String,
        quantity: String,
        unit: String,
        location: String?,
        bestBefore: String?,
        daysLeft: Int? = nil,
        restock: Bool,
        restockQuantity: String?,
        version: Int
    ) {
        self.itemId = itemId
        self.householdId = householdId
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.location = location
        self.bestBefore = bestBefore
        self.daysLeft = daysLeft
        self.restock = restock
        self.restockQuantity = restockQuantity
        self.version = version
    }
}
