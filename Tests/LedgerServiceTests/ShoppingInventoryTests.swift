import LedgerAPI
import ReckonTesting
import Storage
import Testing
import Wire

/// The shopping list and the cupboard on both engines: buying moves stock in one transaction (partly, merged,
/// converted, with a bill), retries never move it twice, lines run out and restock, and the expiring filter counts
/// from today in the caller's time zone.
@Suite struct ShoppingInventoryTests {
    private func add(
        _ ledger: LedgerHarness,
        _ home: String,
        _ name: String,
        _ quantity: String,
        _ unit: String?,
        as user: LedgerHarness.User
    ) async throws -> ShoppingItemView {
        try await ledger.call(
            ShoppingAddOp.self,
            .init(householdId: home, name: name, quantity: quantity, unit: unit),
            token: user.token
        )
    }

    private func stock(
        _ ledger: LedgerHarness,
        _ home: String,
        as user: LedgerHarness.User
    ) async throws
        -> [StockLineView]
    {
        try await ledger.call(InventoryListOp.self, .init(householdId: home), token: user.token).lines
    }

    @Test(arguments: TestDatabase.engines)
    func aPartialBuyMovesPartAndLeavesTheRest(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let ana = try await ledger.user("ana")
            let home = try await ledger.household(ana, members: [])
            let rice = try await add(ledger, home, "Rice", "3", "kg", as: ana)
            let bought = try await ledger.call(
                ShoppingBoughtOp.self,
                .init(itemId: rice.itemId, quantity: "1.25", location: "pantry"),
                token: ana.token
            )
            #expect(bought.remaining?.quantity == "1.75")
            #expect(bought.stock.quantity == "1.25" && bought.stock.unit == "kg" && !bought.merged)
            #expect(bought.stock.location == "pantry")
            let rest = try await ledger.call(ShoppingBoughtOp.self, .init(itemId: rice.itemId), token: ana.token)
            #expect(rest.remaining == nil && rest.merged && rest.stock.quantity == "3")
            #expect(rest.stock.location == "pantry")
            #expect(
                try await ledger.call(ShoppingListOp.self, .init(householdId: home), token: ana.token).items.isEmpty
            )
            let again = try await ledger.failure(ShoppingBoughtOp.self, .init(itemId: rice.itemId), token: ana.token)
            #expect(again.code == .notFound)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func gramsJoinALineInKilogramsAndWordsMatchOnlyThemselves(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let ana = try await ledger.user("ana")
            let home = try await ledger.household(ana, members: [])
            _ = try await ledger.call(
                InventoryAddOp.self,
                .init(householdId: home, name: "Flour", quantity: "1", unit: "kg"),
                token: ana.token
            )
            let flour = try await add(ledger, home, "  flour ", "500", "grams", as: ana)
            #expect(flour.unit == "g" && flour.name == "flour")
            let bought = try await ledger.call(ShoppingBoughtOp.self, .init(itemId: flour.itemId), token: ana.token)
            #expect(
                bought.merged && bought.added == "0.5" && bought.stock.quantity == "1.5" && bought.stock.unit == "kg"
            )
            // A pound is 0.45359237 kg exactly, kept to 6 places; cans are a word of their own.
            let pound = try await add(ledger, home, "Flour", "1", "lb", as: ana)
            let more = try await ledger.call(ShoppingBoughtOp.self, .init(itemId: pound.itemId), token: ana.token)
            #expect(more.stock.quantity == "1.953592" && more.added == "0.453592")
            let cans = try await add(ledger, home, "Flour", "2", "can", as: ana)
            let separate = try await ledger.call(ShoppingBoughtOp.self, .init(itemId: cans.itemId), token: ana.token)
            #expect(!separate.merged && separate.stock.unit == "can")
            // Milk by volume does not join flour by mass, even under the same name.
            let lines = try await stock(ledger, home, as: ana)
            #expect(lines.map(\.unit).sorted() == ["can", "kg"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aBuyRetriedTenTimesMovesTheStockOnce(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
            let home = try await ledger.household(ana, members: [bob])
            let milk = try await add(ledger, home, "Milk", "4", "L", as: ana)
            var replies: [JSONValue] = []
            for _ in 0..<10 {
                replies.append(
                    try await ledger.call(
                        ShoppingBoughtOp.name,
                        ["itemId": .string(milk.itemId), "quantity": "1", "bill": ["amount": "6.00"]],
                        token: bob.token,
                        key: "buy-milk-1"
                    )
                )
            }
            #expect(Set(replies).count == 1)
            let lines = try await stock(ledger, home, as: ana)
            #expect(lines.map(\.quantity) == ["1"])
            let list = try await ledger.call(ShoppingListOp.self, .init(householdId: home), token: ana.token)
            #expect(list.items.map(\.quantity) == ["3"])
            #expect(try await ledger.count("ledger_bills") == 1)
            #expect(try await ledger.nets(home, as: ana) == [ana.id: "-3.00", bob.id: "3.00"])
        }
    }

    /// A stored quantity or unit that is none (a row changed behind the service's back) is the service's fault: the
    /// read answers `internal`, never the caller's `invalid_argument`.
    @Test(arguments: TestDatabase.engines)
    func aCorruptRowAnswersInternal(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let ana = try await ledger.user("ana")
            let home = try await ledger.household(ana, members: [])
            let tea = try await add(ledger, home, "Tea", "2", nil, as: ana)
            let rice = try await ledger.call(
                InventoryAddOp.self,
                .init(householdId: home, name: "Rice", quantity: "1", unit: "kg"),
                token: ana.token
            )
            let shopping = ("ledger_shopping", tea.itemId)
            for (column, value) in [("quantity", "two"), ("unit", "a unit of more than twenty characters")] {
                try await corrupt(ledger, shopping, column, value)
                let error = try await ledger.failure(ShoppingListOp.self, .init(householdId: home), token: ana.token)
                #expect(error.code == .internal, "\(column)")
                try await corrupt(ledger, shopping, column, column == "unit" ? "pcs" : "2")
            }
            try await corrupt(ledger, ("ledger_inventory", rice.stock.itemId), "restock_quantity", "-1")
            let error = try await ledger.failure(InventoryListOp.self, .init(householdId: home), token: ana.token)
            #expect(error.code == .internal)
        }
    }

    /// Sets `column` of row `id` in `table` to `value` behind the service's back.
    private func corrupt(
        _ ledger: LedgerHarness,
        _ row: (table: String, id: String),
        _ column: String,
        _ value: String
    ) async throws {
        _ = try await ledger.database.write { db in
            try await db.query("UPDATE \(raw: row.table) SET \(raw: column) = \(value) WHERE id = \(row.id)")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aFailedBillLeavesTheListAndStockAsTheyWere(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let ana = try await ledger.user("ana")
            let home = try await ledger.household(ana, members: [])
            let eggs = try await add(ledger, home, "Eggs", "12", nil, as: ana)
            let error = try await ledger.failure(
                ShoppingBoughtOp.self,
                .init(itemId: eggs.itemId, bill: .init(amount: "4.999")),
                token: ana.token
            )
            #expect(error.code == .invalidArgument && error.field == "amount")
            #expect(try await stock(ledger, home, as: ana).isEmpty)
            let list = try await ledger.call(ShoppingListOp.self, .init(householdId: home), token: ana.token)
            #expect(list.items.map(\.quantity) == ["12"] && list.items.first?.unit == "pcs")
            let stale = try await ledger.failure(
                ShoppingBoughtOp.self,
                .init(itemId: eggs.itemId, version: 7),
                token: ana.token
            )
            #expect(stale.code == .conflict)
            for bad in ["0", "-1", "1e3", "1.1234567", "two", ""] {
                let refused = try await ledger.failure(
                    ShoppingAddOp.self,
                    .init(householdId: home, name: "Tea", quantity: bad),
                    token: ana.token
                )
                #expect(refused.code == .invalidArgument && refused.field == "quantity", "\(bad)")
            }
            #expect(try await ledger.count("ledger_shopping") == 1)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aRestockLineThatRunsOutGoesBackOnTheListOnce(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let ana = try await ledger.user("ana")
            let home = try await ledger.household(ana, members: [])
            let coffee = try await ledger.call(
                InventoryAddOp.self,
                .init(
                    householdId: home,
                    name: "Coffee",
                    quantity: "1",
                    unit: "kg",
                    restock: true,
                    restockQuantity: "2"
                ),
                token: ana.token
            ).stock
            let half = try await ledger.call(
                InventoryConsumeOp.self,
                .init(itemId: coffee.itemId, quantity: "500", unit: "g"),
                token: ana.token
            )
            #expect(half.stock.quantity == "0.5" && half.restocked == nil)
            let tooMuch = try await ledger.failure(
                InventoryConsumeOp.self,
                .init(itemId: coffee.itemId, quantity: "0.6"),
                token: ana.token
            )
            #expect(tooMuch.code == .failedPrecondition)
            let out = try await ledger.call(
                InventoryConsumeOp.self,
                .init(itemId: coffee.itemId, quantity: "0.5"),
                token: ana.token
            )
            #expect(out.stock.quantity == "0")
            #expect(out.restocked?.name == "Coffee" && out.restocked?.quantity == "2" && out.restocked?.unit == "kg")
            // Setting an empty line to 0 again does not add a second list item.
            let edited = try await ledger.call(
                InventoryEditOp.self,
                .init(itemId: coffee.itemId, version: out.stock.version, quantity: "0"),
                token: ana.token
            )
            #expect(edited.restocked == nil)
            #expect(
                try await ledger.call(ShoppingListOp.self, .init(householdId: home), token: ana.token).items.count == 1
            )
            // A line without restock just runs out.
            let tea = try await ledger.call(
                InventoryAddOp.self,
                .init(householdId: home, name: "Tea", quantity: "1"),
                token: ana.token
            ).stock
            let gone = try await ledger.call(
                InventoryConsumeOp.self,
                .init(itemId: tea.itemId, quantity: "1"),
                token: ana.token
            )
            #expect(gone.restocked == nil)
            let wrongUnit = try await ledger.failure(
                InventoryConsumeOp.self,
                .init(itemId: coffee.itemId, quantity: "1", unit: "L"),
                token: ana.token
            )
            #expect(wrongUnit.code == .invalidArgument && wrongUnit.field == "unit")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func expiringCountsFromTodayInTheCallersTimeZone(engine: DatabaseEngine) async throws {
        // 23:30 UTC on 23 November is already 24 November in Tokyo and still the 23rd in Toronto.
        let configuration = LedgerHarness.configuration(now: "2026-11-23T23:30:00Z")
        try await LedgerHarness.with(engine, configuration: configuration) { ledger in
            let ana = try await ledger.user("ana")
            let home = try await ledger.household(ana, members: [])
            for (name, date) in [
                ("Yogurt", "2026-11-22"), ("Milk", "2026-11-23"), ("Cheese", "2026-11-24"),
                ("Ham", "2026-11-26"), ("Jam", "2027-05-01"),
            ] {
                _ = try await ledger.call(
                    InventoryAddOp.self,
                    .init(householdId: home, name: name, quantity: "1", bestBefore: date),
                    token: ana.token
                )
            }
            _ = try await ledger.call(
                InventoryAddOp.self,
                .init(householdId: home, name: "Salt", quantity: "1"),
                token: ana.token
            )
            func expiring(_ days: Int, _ zone: String?) async throws -> (String, [String], [Int?]) {
                let result = try await ledger.call(
                    InventoryListOp.self,
                    .init(householdId: home, expiringWithinDays: days, timeZone: zone),
                    token: ana.token
                )
                return (result.today, result.lines.map(\.name), result.lines.map(\.daysLeft))
            }
            #expect(try await expiring(0, nil) == ("2026-11-23", ["Yogurt", "Milk"], [-1, 0]))
            #expect(try await expiring(0, "Asia/Tokyo") == ("2026-11-24", ["Yogurt", "Milk", "Cheese"], [-2, -1, 0]))
            #expect(
                try await expiring(2, "America/Toronto") == ("2026-11-23", ["Yogurt", "Milk", "Cheese"], [-1, 0, 1])
            )
            #expect(try await expiring(2, "+09:00").1 == ["Yogurt", "Milk", "Cheese", "Ham"])
            let everything = try await stock(ledger, home, as: ana)
            #expect(everything.count == 6)
            let badZone = try await ledger.failure(
                InventoryListOp.self,
                .init(householdId: home, expiringWithinDays: 1, timeZone: "Mars/Olympus"),
                token: ana.token
            )
            #expect(badZone.code == .invalidArgument && badZone.field == "timeZone")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func mergingKeepsTheEarlierBestBeforeAndSeparatesLocations(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let ana = try await ledger.user("ana")
            let home = try await ledger.household(ana, members: [])
            func put(_ location: String?, _ date: String?) async throws -> InventoryAddOp.Result {
                try await ledger.call(
                    InventoryAddOp.self,
                    .init(
                        householdId: home,
                        name: "Butter",
                        quantity: "250",
                        unit: "g",
                        location: location,
                        bestBefore: date
                    ),
                    token: ana.token
                )
            }
            let first = try await put("fridge", "2026-12-10")
            let second = try await put("fridge", "2026-12-01")
            #expect(second.merged && second.stock.itemId == first.stock.itemId)
            #expect(second.stock.quantity == "500" && second.stock.bestBefore == "2026-12-01")
            let freezer = try await put("freezer", nil)
            #expect(!freezer.merged)
            let removed = try await ledger.call(
                InventoryRemoveOp.self,
                .init(itemId: freezer.stock.itemId),
                token: ana.token
            )
            #expect(removed.done)
            #expect(try await stock(ledger, home, as: ana).count == 1)
        }
    }
}
