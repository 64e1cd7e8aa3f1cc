import LedgerAPI
import ReckonTesting
import Storage
import Testing
import Wire

/// Bills on both engines: every split kind, several payers, versions, permissions, deletion and idempotency.
@Suite struct BillTests {
    /// Shares by username, for readable expectations.
    private func shares(_ bill: BillView, _ users: [LedgerHarness.User]) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: bill.shares.map { share in
                (users.first { $0.id == share.userId }?.username ?? share.userId, share.amount)
            }
        )
    }

    @Test(arguments: TestDatabase.engines)
    func everySplitKindAddsUpToTheBill(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob, cy) = (
                try await ledger.user("ana"), try await ledger.user("bob"), try await ledger.user("cyd")
            )
            let users = [ana, bob, cy]
            let home = try await ledger.household(ana, members: [bob, cy])
            let equal = try await ledger.bill(home, "Rent", "100.00", paidBy: ana, split: .init(kind: "equal"))
            #expect(shares(equal, users).values.sorted() == ["33.33", "33.33", "33.34"])
            let exact = try await ledger.bill(
                home,
                "Internet",
                "84.30",
                paidBy: bob,
                split: .init(kind: "exact", amounts: [ana.id: "40.00", bob.id: "44.30"])
            )
            #expect(shares(exact, users) == ["ana": "40.00", "bob": "44.30"])
            let weighted = try await ledger.bill(
                home,
                "Hydro",
                "90.00",
                paidBy: cy,
                split: .init(kind: "shares", shares: [ana.id: 2, bob.id: 1])
            )
            #expect(shares(weighted, users) == ["ana": "60.00", "bob": "30.00"])
            let percent = try await ledger.bill(
                home,
                "Gas",
                "10.00",
                paidBy: cy,
                split: .init(kind: "percent", percents: [ana.id: "33.33", cy.id: "66.67"])
            )
            // 3.333… and 6.666…: the leftover cent goes to whoever the rent's rounding favoured (docs/api.md,
            // "Rounding"), so either may have it.
            let percentShares = shares(percent, users)
            #expect(
                percentShares == ["ana": "3.33", "cyd": "6.67"] || percentShares == ["ana": "3.34", "cyd": "6.66"]
            )
            let itemized = try await ledger.bill(
                home,
                "Dinner",
                "46.00",
                paidBy: ana,
                split: .init(
                    kind: "itemized",
                    items: [
                        .init(description: "Pizza", amount: "20.00", among: [ana.id, bob.id]),
                        .init(amount: "20.00", among: [cy.id]),
                    ],
                    tax: "2.00",
                    tip: "4.00"
                )
            )
            #expect(shares(itemized, users) == ["ana": "11.50", "bob": "11.50", "cyd": "23.00"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func badSplitsAreRefusedWithTheirFieldAndChangeNothing(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
            let home = try await ledger.household(ana, members: [bob])
            func refusal(
                _ amount: String,
                _ split: SplitSpec,
                payers: [String: String]? = nil
            ) async throws -> WireError {
                try await ledger.failure(
                    BillsAddOp.self,
                    .init(
                        HouseholdArgs(householdId: home),
                        bill: .init(
                            description: "X",
                            amount: amount,
                            paidBy: payers == nil ? ana.id : nil,
                            payers: payers,
                            split: split
                        )
                    ),
                    token: ana.token
                )
            }
            let short = try await refusal("84.30", .init(kind: "exact", amounts: [ana.id: "40.00", bob.id: "44.29"]))
            #expect(short.code == .invalidArgument)
            #expect(short.message.contains("0.01"))
            let percent = try await refusal("10.00", .init(kind: "percent", percents: [ana.id: "50", bob.id: "49.99"]))
            #expect(percent.code == .invalidArgument && percent.field?.hasPrefix("split") == true)
            let payers = try await refusal("10.00", .init(kind: "equal"), payers: [ana.id: "5.00", bob.id: "4.00"])
            #expect(payers.code == .invalidArgument)
            let stranger = try await refusal("10.00", .init(kind: "equal", among: [ana.id, "u_nobody"]))
            #expect(stranger.code == .invalidArgument)
            let cents = try await refusal("10.001", .init(kind: "equal"))
            #expect(cents.field == "amount")
            #expect(try await ledger.count("ledger_bills") == 0)
            #expect(try await ledger.count("ledger_balances") == 0)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func severalPayersShareTheBill(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob, cy) = (
                try await ledger.user("ana"), try await ledger.user("bob"), try await ledger.user("cyd")
            )
            let home = try await ledger.household(ana, members: [bob, cy])
            _ = try await ledger.call(
                BillsAddOp.self,
                .init(
                    HouseholdArgs(householdId: home),
                    bill: .init(
                        description: "Trip",
                        amount: "90.00",
                        payers: [ana.id: "60.00", bob.id: "30.00"],
                        split: .init(kind: "equal")
                    )
                ),
                token: cy.token
            )
            #expect(try await ledger.nets(home, as: cy) == [ana.id: "30.00", bob.id: "0.00", cy.id: "-30.00"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func editsCheckTheVersionAndTheEditor(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob, cy) = (
                try await ledger.user("ana"), try await ledger.user("bob"), try await ledger.user("cyd")
            )
            let home = try await ledger.household(ana, members: [bob, cy])
            let bill = try await ledger.bill(home, "Groceries", "30.00", paidBy: bob, split: .init(kind: "equal"))
            let change = BillArgs(BillRefArgs(billId: bill.billId, version: 1), bill: .init(amount: "60.00"))
            let byOther = try await ledger.failure(BillsEditOp.self, change, token: cy.token)
            #expect(byOther.code == .permissionDenied)
            let edited = try await ledger.call(BillsEditOp.self, change, token: bob.token)
            #expect(edited.version == 2 && edited.amount == "60.00")
            let stale = try await ledger.failure(BillsEditOp.self, change, token: ana.token)
            #expect(stale.code == .conflict)
            let byOwner = try await ledger.call(
                BillsEditOp.self,
                .init(BillRefArgs(billId: bill.billId, version: 2), bill: .init(description: "Food")),
                token: ana.token
            )
            #expect(byOwner.version == 3 && byOwner.amount == "60.00")
            #expect(try await ledger.nets(home, as: ana) == [ana.id: "-20.00", bob.id: "40.00", cy.id: "-20.00"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func concurrentEditsOfOneVersionLetExactlyOneThrough(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
            let home = try await ledger.household(ana, members: [bob])
            let bill = try await ledger.bill(home, "Groceries", "30.00", paidBy: ana, split: .init(kind: "equal"))
            let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
                for amount in ["40.00", "50.00", "60.00", "70.00"] {
                    group.addTask {
                        let reply = try await ledger.send(
                            "bills.edit",
                            try jsonValue(
                                BillArgs(BillRefArgs(billId: bill.billId, version: 1), bill: .init(amount: amount))
                            ),
                            token: ana.token
                        )
                        return reply["ok"] == .bool(true)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 }.count == 1)
            let final = try await ledger.call(BillsGetOp.self, .init(billId: bill.billId), token: bob.token)
            #expect(final.version == 2)
            let halves = ["40.00": "-20.00", "50.00": "-25.00", "60.00": "-30.00", "70.00": "-35.00"]
            #expect(try await ledger.nets(home, as: ana)[bob.id] == halves[final.amount])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func deletedBillsLeaveBalancesButStayInTheLog(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
            let home = try await ledger.household(ana, members: [bob])
            let bill = try await ledger.bill(home, "Groceries", "30.00", paidBy: ana, split: .init(kind: "equal"))
            _ = try await ledger.call(BillsDeleteOp.self, .init(billId: bill.billId), token: ana.token)
            #expect(try await ledger.nets(home, as: ana) == [:])
            #expect(
                try await ledger.failure(BillsGetOp.self, .init(billId: bill.billId), token: ana.token).code
                    == .notFound
            )
            let log = try await ledger.call(ActivityListOp.self, .init(householdId: home), token: bob.token)
            let deleted = try #require(log.entries.last)
            #expect(deleted.action == "bill.deleted" && deleted.entityId == bill.billId)
            #expect(deleted.before?["amount"] == .string("30.00") && deleted.after == nil)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aReplayedAddCreatesOneBillPerUser(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
            let home = try await ledger.household(ana, members: [bob])
            let args = BillArgs(
                HouseholdArgs(householdId: home),
                bill: .init(description: "Milk", amount: "4.00", paidBy: ana.id, split: .init(kind: "equal"))
            )
            var ids: Set<String> = []
            for _ in 0..<10 {
                ids.insert(try await ledger.call(BillsAddOp.self, args, token: ana.token, key: "offline-1").billId)
            }
            #expect(ids.count == 1)
            // The same key from another user is another request.
            let other = try await ledger.call(BillsAddOp.self, args, token: bob.token, key: "offline-1")
            #expect(!ids.contains(other.billId))
            #expect(try await ledger.count("ledger_bills") == 2)
            #expect(try await ledger.nets(home, as: ana) == [ana.id: "4.00", bob.id: "-4.00"])
        }
    }
}
