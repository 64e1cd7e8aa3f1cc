import Wire

/// `shopping.add`: puts an item on the household's shopping list; an item already there with the same name and a
/// unit that converts has the quantity added to it instead.
public enum ShoppingAddOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "shopping.add"
    public static let access = OpAccess.member
    public static let effect = OpEffect.write
    public static let summary = "Adds an item to the shopping list (merged into one of the same name and unit)"
    public static let refusals = LedgerOps.valueRefusals(quantities: ["quantity"])
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["householdId", "name"],
        "properties": [
            "householdId": LedgerOps.id, "name": LedgerOps.itemName, "quantity": LedgerOps.quantity,
            "unit": LedgerOps.unit, "note": ["type": "string", "maxLength": 200],
        ],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var householdId: String
        public var name: String
        /// Decimal text; 1 when absent.
        public var quantity: String?
        /// `pcs` when absent.
        public var unit: String?
        public var note: String?
        public init(
            householdId: String,
            name: String,
            quantity: String? = nil,
            unit: String? = nil,
            note: String? = nil
        ) {
            self.householdId = householdId
            self.name = name
            self.quantity = quantity
            self.unit = unit
            self.note = note
        }
    }
    public typealias Result = ShoppingItemView
}

/// `shopping.edit`: changes an item's name, quantity, unit or note, given the version last read.
public enum ShoppingEditOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "shopping.edit"
    public static let access = OpAccess.member
    public static let effect = OpEffect.write
    public static let summary = "Changes a shopping-list item; a stale version is refused with conflict"
    public static let refusals = LedgerOps.valueRefusals(quantities: ["quantity"])
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["itemId", "version"],
        "properties": [
            "itemId": LedgerOps.id, "version": LedgerOps.version, "name": LedgerOps.itemName,
            "quantity": LedgerOps.quantity, "unit": LedgerOps.unit,
            "note": ["type": "string", "maxLength": 200, "description": "\"\" clears it"],
        ],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var itemId: String
        public var version: Int
        public var name: String?
        public var quantity: String?
        public var unit: String?
        public var note: String?
        public init(
            itemId: String,
            version: Int,
            name: String? = nil,
            quantity: String? = nil,
            unit: String? = nil,
            note: String? = nil
        ) {
            self.itemId = itemId
            self.version = version
            self.name = name
            self.quantity = quantity
            self.unit = unit
            self.note = note
        }
    }
    public typealias Result = ShoppingItemView
}

/// Arguments naming a shopping-list item or a stock line, with the version last read where a change checks one.
public struct ItemRefArgs: Codable, Sendable, Hashable {
    public var itemId: String
    public var version: Int?
    public init(itemId: String, version: Int? = nil) {
        self.itemId = itemId
        self.version = version
    }
}

/// `shopping.remove`: takes an item off the list without buying it.
public enum ShoppingRemoveOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "shopping.remove"
    public static let access = OpAccess.member
    public static let effect = OpEffect.write
    public static let summary = "Takes an item off the shopping list (version optional, checked when given)"
    public static let argsSchema = LedgerOps.itemRef
    public typealias Args = ItemRefArgs
    public typealias Result = Done
}

/// `shopping.list`: the household's shopping list, oldest first.
public enum ShoppingListOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "shopping.list"
    public static let access = OpAccess.member
    public static let effect = OpEffect.read
    public static let summary = "The household's shopping list, in the order items were added"
    public static let argsSchema = LedgerOps.household
    public typealias Args = HouseholdArgs
    public struct Result: Codable, Sendable, Hashable {
        public var items: [ShoppingItemView]
        public init(items: [ShoppingItemView]) { self.items = items }
    }
}

/// `shopping.bought`: moves an item, or part of it, into the inventory in one transaction, optionally recording
/// the purchase as a bill in the same transaction.
public enum ShoppingBoughtOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "shopping.bought"
    public static let access = OpAccess.member
    public static let effect = OpEffect.write
    public static let summary =
        "Moves a shopping-list item (or part of it) into the inventory, optionally with a bill for the purchase"
    public static let refusals =
        LedgerOps.valueRefusals(amounts: ["bill.amount"], currencies: ["bill.currency"], quantities: ["quantity"])
        + LedgerOps.memberRefusals(["bill.paidBy", "bill.payers", "bill.split"])
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["itemId"],
        "properties": [
            "itemId": LedgerOps.id, "version": LedgerOps.version,
            "quantity": LedgerOps.quantity, "location": LedgerOps.location, "bestBefore": LedgerOps.date,
            "bill": [
                "type": "object", "required": ["amount"],
                "description": "a bill for the purchase, as bills.add takes it; description defaults to the item",
                "properties": [
                    "description": ["type": "string"], "amount": LedgerOps.amount, "currency": LedgerOps.currency,
                    "date": LedgerOps.date, "category": ["type": "string"], "paidBy": LedgerOps.id,
                    "payers": LedgerOps.payers, "split": LedgerOps.split,
                ],
            ],
        ],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var itemId: String
        /// Checked when given: a stale version is refused with `conflict`.
        public var version: Int?
        /// In the item's unit; the whole item when absent.
        public var quantity: String?
        public var location: String?
        public var bestBefore: String?
        /// `paidBy` defaults to the caller and `split` to equal among every member.
        public var bill: BillFields?
        public init(
            itemId: String,
            version: Int? = nil,
            quantity: String? = nil,
            location: String? = nil,
            bestBefore: String? = nil,
            bill: BillFields? = nil
        ) {
            self.itemId = itemId
            self.version = version
            self.quantity = quantity
            self.location = location
            self.bestBefore = bestBefore
            self.bill = bill
        }
    }
    public struct Result: Codable, Sendable, Hashable {
        /// What is left on the list; absent when the whole item was bought.
        public var remaining: ShoppingItemView?
        /// The stock line the purchase went into.
        public var stock: StockLineView
        /// Whether it joined an existing line.
        public var merged: Bool
        /// The quantity added to the line, in the line's unit (differs from the bought quantity when converted).
        public var added: String
        public var bill: BillView?
        public init(remaining: ShoppingItemView?, stock: StockLineView, merged: Bool, added: String, bill: BillView?) {
            self.remaining = remaining
            self.stock = stock
            self.merged = merged
            self.added = added
            self.bill = bill
        }
    }
}

/// An item on the shopping list.
public struct ShoppingItemView: Codable, Sendable, Hashable {
    public var itemId: String
    public var householdId: String
    public var name: String
    public var quantity: String
    public var unit: String
    public var note: String?
    public var addedBy: String
    public var version: Int

    /// Creates the value.
    public init(
        itemId: String,
        householdId: String,
        name: String,
        quantity: String,
        unit: String,
        note: String?,
        addedBy: String,
        version: Int
    ) {
        self.itemId = itemId
        self.householdId = householdId
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.note = note
        self.addedBy = addedBy
        self.version = version
    }
}
