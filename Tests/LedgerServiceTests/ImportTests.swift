import Foundation
import LedgerAPI
import LedgerService
import ReckonTesting
import Storage
import Testing
import Wire

/// `import.start` on both engines: a Splitwise export with quoted descriptions, three currencies' digits, a member
/// who left and a settlement row; a file with bad rows, refused whole; and Reckon's own export restored exactly.
@Suite struct ImportTests {
    /// A Splitwise group export, as Splitwise writes it: a blank line after the header and before the totals.
    static let splitwise = #"""
        Date,Description,Category,Cost,Currency,Ana,Bob Li,Cy (left)

        2026-01-05,"Groceries, ""organic""",Groceries,60.00,CAD,40.00,-20.00,-20.00
        2026-01-06,"Dinner
        with friends",Dining out,45.00,CAD,-15.00,30.00,-15.00
        2026-01-07,Ramen,Dining out,3000.00,JPY,2000.00,-1000.00,-1000.00
        2026-01-08,Dinar dinner,Dining out,9.000,KWD,-3.000,6.000,-3.000
        2026-01-09,Bob Li paid Ana,Payment,20.00,CAD,-20.00,20.00,0.00
        2026-01-10,Own lunch,General,12.00,CAD,0.00,0.00,0.00
        2026-01-11,Split by two,Utilities,10.00,CAD,5.00,0.00,-5.00

        2026-01-31,Total balance, , ,CAD,10.00,30.00,-40.00
        2026-01-31,Total balance, , ,JPY,2000.00,-1000.00,-1000.00
        2026-01-31,Total balance, , ,KWD,-3.000,6.000,-3.000

        """#.replacingOccurrences(of: "\n", with: "\r\n")

    private func args(_ home: String, _ file: String, dryRun: Bool? = nil) -> ImportStartOp.Args {
        .init(
            householdId: home,
            from: "splitwise",
            file: file,
            members: ["Bob Li": "bob", "Cy (left)": "cyd"],
            dryRun: dryRun
        )
    }

    @Test(arguments: TestDatabase.engines)
    func aSplitwiseExportImportsOnceWithItsOwnClosingBalances(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob, cy) = (
                try await ledger.user("ana"), try await ledger.user("bob"), try await ledger.user("cyd")
            )
            let home = try await ledger.household(ana, members: [bob, cy])
            let preview = try await ledger.call(
                ImportStartOp.self,
                args(home, Self.splitwise, dryRun: true),
                token: ana.token
            )
            #expect(preview.errors == [] && preview.dryRun && !preview.alreadyImported)
            #expect((preview.bills, preview.payments) == (5, 1))
            #expect(preview.skipped.map(\.row) == [9])
            #expect(preview.preview?.map(\.row) == [3, 4, 6, 7, 8, 10])
            let groceries = try #require(preview.preview?.first)
            #expect(groceries.description == "Groceries, \"organic\"" && groceries.amount == "60.00")
            #expect(groceries.payers == [MemberAmount(userId: ana.id, amount: "60.00")])
            #expect(
                Set(groceries.shares ?? []) == [
                    MemberAmount(userId: ana.id, amount: "20.00"), MemberAmount(userId: bob.id, amount: "20.00"),
                    MemberAmount(userId: cy.id, amount: "20.00"),
                ]
            )
            #expect(preview.preview?[1].description == "Dinner\r\nwith friends")
            #expect(try await ledger.count("ledger_bills") == 0)
            #expect(try await ledger.count("ledger_imports") == 0)
            let expected: [String: [String: String]] = [
                "CAD": [ana.id: "10.00", bob.id: "30.00", cy.id: "-40.00"],
                "JPY": [ana.id: "2000", bob.id: "-1000", cy.id: "-1000"],
                "KWD": [ana.id: "-3.000", bob.id: "6.000", cy.id: "-3.000"],
            ]
            #expect(Self.byCurrency(preview.balances) == expected)

            let done = try await ledger.call(ImportStartOp.self, args(home, Self.splitwise), token: ana.token)
            #expect(done.digest == preview.digest && !done.alreadyImported && done.preview == nil)
            for (currency, nets) in expected {
                #expect(try await ledger.nets(home, as: bob, currency: currency) == nets)
            }
            #expect(try await ledger.count("ledger_bills") == 5)
            #expect(try await ledger.count("ledger_payments") == 1)

            let again = try await ledger.call(ImportStartOp.self, args(home, Self.splitwise), token: bob.token)
            #expect(again.alreadyImported && (again.bills, again.payments) == (5, 1))
            #expect(Self.byCurrency(again.balances) == expected)
            #expect(try await ledger.count("ledger_bills") == 5)
            #expect(try await ledger.count("ledger_imports") == 1)
        }
    }

    /// Two imports of one file at once: one writes it; the other answers that it was imported, or, when the two
    /// collided on the file's key, `conflict`, and a retry then answers that it was imported. Never both.
    @Test(arguments: TestDatabase.engines)
    func twoImportsOfOneFileAtOnceWriteItOnce(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob, cy) = (
                try await ledger.user("ana"), try await ledger.user("bob"), try await ledger.user("cyd")
            )
            let home = try await ledger.household(ana, members: [bob, cy])
            let call = { @Sendable (token: String) async throws -> ImportView? in
                do {
                    return try await ledger.call(ImportStartOp.self, self.args(home, Self.splitwise), token: token)
                } catch let error as WireError where error.code == .conflict {
                    return nil
                }
            }
            async let first = call(ana.token)
            async let second = call(bob.token)
            let answers = [try await first, try await second]
            #expect(answers.compactMap { $0 }.filter { !$0.alreadyImported }.count == 1)
            let retried = try await ledger.call(ImportStartOp.self, args(home, Self.splitwise), token: cy.token)
            #expect(retried.alreadyImported)
            #expect(try await ledger.count("ledger_bills") == 5)
            #expect(try await ledger.count("ledger_payments") == 1)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aFileWithBadRowsIsRefusedWholeAndEveryErrorIsListed(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob, cy) = (
                try await ledger.user("ana"), try await ledger.user("bob"), try await ledger.user("cyd")
            )
            let home = try await ledger.household(ana, members: [bob, cy])
            let bad = #"""
                Date,Description,Category,Cost,Currency,Ana,Bob Li,Cy (left)
                2026-01-05,Fine,General,30.00,CAD,20.00,-10.00,-10.00
                2026-02-30,Bad date,General,30.00,CAD,20.00,-10.00,-10.00
                2026-01-06,Bad currency,General,30.00,ZZZ,20.00,-10.00,-10.00
                2026-01-07,Off by a cent,General,30.00,CAD,20.00,-10.00,-9.99
                2026-01-08,Too many digits,General,30.001,CAD,20.00,-10.00,-10.00
                2026-01-09,Short row,General,30.00,CAD
                2026-01-31,Total balance, , ,CAD,40.00,-20.00,-20.00

                """#
            let dry = try await ledger.call(ImportStartOp.self, args(home, bad, dryRun: true), token: ana.token)
            #expect(
                dry.errors.map { [String($0.row), $0.column ?? "-"] } == [
                    ["3", "Date"], ["4", "Currency"], ["5", "-"], ["6", "Cost"], ["7", "-"],
                ]
            )
            let refused = try await ledger.failure(ImportStartOp.self, args(home, bad), token: ana.token)
            #expect(refused.code == .invalidArgument && refused.field == "file")
            #expect(refused.message.hasPrefix("row 3, Date: ") && refused.message.contains("and 4 more"))
            #expect(try await ledger.count("ledger_bills") == 0)
            #expect(try await ledger.count("ledger_imports") == 0)

            let wrongTotal = try await ledger.call(
                ImportStartOp.self,
                args(
                    home,
                    Self.splitwise.replacingOccurrences(of: "CAD,10.00,30.00,-40.00", with: "CAD,10.01,30.00,-40.01"),
                    dryRun: true
                ),
                token: ana.token
            )
            #expect(
                wrongTotal.errors.map { [String($0.row), $0.column ?? "-"] } == [["12", "Ana"], ["12", "Cy (left)"]]
            )
            let unclosed = try await ledger.call(
                ImportStartOp.self,
                args(home, "Date,Description,Category,Cost,Currency,Ana\n2026-01-05,\"Open,General", dryRun: true),
                token: ana.token
            )
            #expect(unclosed.errors.map(\.row) == [2] && unclosed.errors[0].message.contains("never closes"))

            // A file of garbage gets an answer of bounded size: the first errors, and how many there are.
            let garbage =
                "Date,Description,Category,Cost,Currency,Ana\n"
                + String(repeating: "someday,Junk,General,1.00,CAD,0.00\n", count: ImportView.listLimit + 100)
            let bounded = try await ledger.call(
                ImportStartOp.self,
                .init(householdId: home, from: "splitwise", file: garbage, dryRun: true),
                token: ana.token
            )
            #expect(bounded.errors.count == ImportView.listLimit && bounded.errorCount == ImportView.listLimit + 100)

            // Sums past Int64 from amounts each within the ledger's largest: an answer, not a trap.
            let huge =
                "Date,Description,Category,Cost,Currency,Ana,bob\n"
                + String(
                    repeating:
                        "2026-01-05,Huge,General,9000000000000000.00,CAD,9000000000000000.00,-9000000000000000.00\n",
                    count: 12
                ) + "2026-01-31,Total balance, , ,CAD,1.00,-1.00\n"
            let absurd = try await ledger.call(
                ImportStartOp.self,
                .init(householdId: home, from: "splitwise", file: huge, dryRun: true),
                token: ana.token
            )
            #expect(absurd.errors.contains { $0.column == "Ana" })

            let unmapped = try await ledger.call(
                ImportStartOp.self,
                .init(householdId: home, from: "splitwise", file: Self.splitwise, dryRun: true),
                token: ana.token
            )
            #expect(unmapped.errors.map(\.column) == ["Bob Li", "Cy (left)"])
            #expect(
                unmapped.names == [
                    ImportName(name: "Ana", userId: ana.id), ImportName(name: "Bob Li", userId: nil),
                    ImportName(name: "Cy (left)", userId: nil),
                ]
            )
            let stranger = try await ledger.user("dee")
            let notAMember = try await ledger.failure(
                ImportStartOp.self,
                .init(householdId: home, from: "splitwise", file: Self.splitwise, members: ["Bob Li": stranger.id]),
                token: ana.token
            )
            #expect(notAMember.code == .invalidArgument && notAMember.field == "members.Bob Li")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func reckonsOwnExportRestoresEveryBalanceExactly(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            var users: [LedgerHarness.User] = []
            for name in ["ana", "bob", "cyd", "dee", "eli"] { users.append(try await ledger.user(name)) }
            let (ana, bob, others) = (users[0], users[1], Array(users.dropFirst()))
            let old = try await ledger.household(ana, members: others)
            // Three cents, each split among those not yet charged one: no bill alone can round them, so the
            // household's rounding makes a transfer (RoundingTests).
            var unpaid = others.map(\.id)
            for round in 0..<3 {
                let bill = try await ledger.bill(
                    old,
                    "Stamp \(round)",
                    "0.01",
                    paidBy: ana,
                    split: .init(kind: "equal", among: unpaid)
                )
                unpaid.removeAll { $0 == bill.shares[0].userId }
            }
            try await ledger.bill(old, "Thirds", "100.00", paidBy: bob, split: .init(kind: "equal"))
            try await ledger.bill(old, "Dinar", "1.000", paidBy: users[2], split: .init(kind: "equal"), currency: "KWD")
            _ = try await ledger.call(
                PaymentsRecordOp.self,
                .init(householdId: old, from: ana.id, to: bob.id, amount: "20.00"),
                token: ana.token
            )
            _ = try await ledger.call(
                EventsAddOp.self,
                .init(
                    householdId: old,
                    title: "Yoga",
                    start: "2026-03-01T09:00",
                    end: "2026-03-01T10:00",
                    timeZone: "America/Toronto",
                    location: "Studio 3",
                    repeat: EventRepeat(frequency: "weekly", count: 10)
                ),
                token: ana.token
            )
            _ = try await ledger.call(
                ShoppingAddOp.self,
                .init(householdId: old, name: "Milk", quantity: "2", unit: "L", note: "2%"),
                token: bob.token
            )
            for (name, quantity) in [("Rice", "1.5"), ("Salt", "1")] {
                let line = try await ledger.call(
                    InventoryAddOp.self,
                    .init(householdId: old, name: name, quantity: quantity, unit: "kg", bestBefore: "2027-01-01"),
                    token: ana.token
                )
                if name == "Salt" {  // used up: a line at 0, kept for its restock settings
                    _ = try await ledger.call(
                        InventoryConsumeOp.self,
                        .init(itemId: line.stock.itemId, quantity: "1"),
                        token: ana.token
                    )
                }
            }
            // Weekly rent since 2026-11-02: four bills by "today" (2026-11-23), which a restore must not make again.
            _ = try await ledger.call(
                RecurringAddOp.self,
                .init(
                    householdId: old,
                    bill: BillFields(
                        description: "Rent",
                        amount: "900.00",
                        paidBy: bob.id,
                        split: .init(kind: "equal")
                    ),
                    frequency: "weekly",
                    start: "2026-11-02"
                ),
                token: bob.token
            )
            let exported = try await ledger.call(ExportJSONOp.self, .init(householdId: old), token: ana.token)
            #expect(exported.roundings.count == 1)
            let file = String(decoding: try JSONCoding.encode(exported), as: UTF8.self)

            let new = try await ledger.household(ana, members: others)
            let done = try await ledger.call(
                ImportStartOp.self,
                .init(householdId: new, from: "reckon", file: file),
                token: ana.token
            )
            #expect(done.errors == [] && (done.bills, done.payments) == (9, 1))
            for currency in ["CAD", "KWD"] {
                let (restored, original) = (
                    try await ledger.nets(new, as: ana, currency: currency),
                    try await ledger.nets(old, as: ana, currency: currency)
                )
                #expect(restored == original)
            }
            #expect((done.recurringRules, done.events, done.shoppingItems, done.stockLines) == (1, 1, 1, 2))
            #expect(
                try await LedgerService.createDueOccurrences(
                    database: ledger.database,
                    configuration: ledger.configuration
                )
                    == 0
            )
            let copy = try await ledger.call(ExportJSONOp.self, .init(householdId: new), token: ana.token)
            #expect(copy.recurring.map(Self.withoutIDs) == exported.recurring.map(Self.withoutIDs))
            #expect(copy.bills.count == exported.bills.count)
            #expect(copy.events.map(Self.withoutIDs) == exported.events.map(Self.withoutIDs))
            #expect(copy.shopping.map(Self.withoutIDs) == exported.shopping.map(Self.withoutIDs))
            #expect(copy.inventory.map(Self.withoutIDs) == exported.inventory.map(Self.withoutIDs))
            // A hand-edited export that names someone its members list lacks: an error, not a crash.
            let edited = try await ledger.call(
                ImportStartOp.self,
                .init(
                    householdId: new,
                    from: "reckon",
                    file: file.replacingOccurrences(of: "\"from\":\"\(ana.id)\"", with: "\"from\":\"u_stranger\""),
                    dryRun: true
                ),
                token: ana.token
            )
            #expect(edited.errors.contains { $0.column == "u_stranger" })
            let restored = try await ledger.call(BalancesOp.self, .init(householdId: new), token: ana.token)
            let original = try await ledger.call(BalancesOp.self, .init(householdId: old), token: ana.token)
            #expect(Set(restored.members) == Set(original.members))
        }
    }

    /// An entity of an export without what differs between two households: its id, household, author and version.
    private static func withoutIDs(_ entity: some Encodable) -> JSONValue {
        guard case .object(var object) = try? jsonValue(entity) else { return .null }
        for key in ["recurringId", "eventId", "itemId", "householdId", "createdBy", "addedBy", "version"] {
            object[key] = nil
        }
        return .object(object)
    }

    private static func byCurrency(_ balances: [ImportBalance]) -> [String: [String: String]] {
        balances.reduce(into: [:]) { $0[$1.currency, default: [:]][$1.userId] = $1.net }
    }
}
