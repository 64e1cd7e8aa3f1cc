import Foundation
import LedgerAPI
import ReckonTesting
import Storage
import Testing
import Wire

/// Exports on both engines: every CSV table parses back, through Python's own `csv` module, to the same rows and
/// exact amounts; the JSON export holds the whole household.
@Suite struct ExportTests {
    /// `csv` read by Python's `csv` module (an independent RFC 4180 reader), as rows of fields.
    private func parsed(_ csv: String) throws -> [[String]] {
        let python = try CapturedRun.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", "-c",
                "import csv, io, json, sys; print(json.dumps(list(csv.reader(io.StringIO(sys.stdin.read(), newline='')))))",
            ],
            input: Data(csv.utf8)
        )
        #expect(python.status == 0, "\(String(decoding: python.errors, as: UTF8.self))")
        return try JSONDecoder().decode([[String]].self, from: python.output)
    }

    private func export(
        _ ledger: LedgerHarness,
        _ home: String,
        _ what: String,
        as user: LedgerHarness.User
    )
        async throws -> [[String]]
    {
        let result = try await ledger.call(ExportCSVOp.self, .init(householdId: home, what: what), token: user.token)
        #expect(result.csv.hasSuffix("\r\n"))
        let rows = try parsed(result.csv)
        #expect(rows.count == result.rows + 1)
        return rows
    }

    @Test(arguments: TestDatabase.engines)
    func everyTableParsesBackWithExactAmounts(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
            let home = try await ledger.household(ana, members: [bob])
            _ = try await ledger.bill(
                home,
                "Pizza, \"large\"\nand drinks",
                "100.01",
                paidBy: ana,
                split: .init(kind: "equal")
            )
            _ = try await ledger.call(
                PaymentsRecordOp.self,
                .init(householdId: home, from: bob.id, to: ana.id, amount: "20.00", note: "e-transfer, thanks"),
                token: bob.token
            )
            _ = try await ledger.call(
                ShoppingAddOp.self,
                .init(householdId: home, name: "Milk", quantity: "2", unit: "L", note: "2%"),
                token: bob.token
            )
            _ = try await ledger.call(
                InventoryAddOp.self,
                .init(householdId: home, name: "Rice", quantity: "1.5", unit: "kg", bestBefore: "2027-01-01"),
                token: ana.token
            )
            let bills = try await export(ledger, home, "bills", as: ana)
            #expect(
                bills[0] == [
                    "bill_id", "date", "description", "category", "currency", "amount", "created_by", "ana paid",
                    "ana share", "bob paid", "bob share",
                ]
            )
            #expect(Array(bills[1][2...7]) == ["Pizza, \"large\"\nand drinks", "", "CAD", "100.01", "ana", "100.01"])
            #expect(bills[1][9] == "" && Set([bills[1][8], bills[1][10]]) == ["50.01", "50.00"])
            let payments = try await export(ledger, home, "payments", as: bob)
            #expect(Array(payments[1][1...]) == ["2026-11-23", "bob", "ana", "20.00", "CAD", "e-transfer, thanks"])
            let balances = try await export(ledger, home, "balances", as: ana)
            #expect(balances[0] == ["member", "currency", "paid", "share", "sent", "received", "net", "rounding"])
            #expect(balances.count == 3 && Set(balances[1...].map { $0[0] }) == ["ana", "bob"])
            var netSum = Decimal(0)
            for row in balances[1...] {
                let amounts: [Decimal] = row[2...].map { Decimal(string: $0) ?? .nan }
                let net: Decimal = amounts[0] - amounts[1] + amounts[2] - amounts[3]
                #expect(amounts[4] == net, "\(row)")
                netSum += amounts[4]
            }
            #expect(netSum == 0)
            let stock = try await export(ledger, home, "inventory", as: ana)
            #expect(Array(stock[1][1...]) == ["Rice", "1.5", "kg", "", "2027-01-01", "no", ""])
            let list = try await export(ledger, home, "shopping", as: ana)
            #expect(Array(list[1][1...]) == ["Milk", "2", "L", "2%", "bob"])
            let wrong = try await ledger.failure(
                ExportCSVOp.self,
                .init(householdId: home, what: "secrets"),
                token: ana.token
            )
            #expect(wrong.code == .invalidArgument && wrong.field == "what")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func theJSONExportHoldsTheWholeHousehold(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let (ana, bob) = (try await ledger.user("ana"), try await ledger.user("bob"))
            let home = try await ledger.household(ana, members: [bob])
            for index in 0..<3 {
                _ = try await ledger.bill(home, "Bill \(index)", "10.00", paidBy: bob, split: .init(kind: "equal"))
            }
            _ = try await ledger.call(
                ShoppingAddOp.self,
                .init(householdId: home, name: "Bread"),
                token: ana.token
            )
            _ = try await ledger.call(
                EventsAddOp.self,
                .init(householdId: home, title: "Cleaning", start: "2026-12-05", allDay: true),
                token: ana.token
            )
            let document = try await ledger.call(ExportJSONOp.self, .init(householdId: home), token: bob.token)
            #expect(document.events.count == 1)
            #expect(document.format == "reckon-household/1")
            #expect(document.household.members.count == 2)
            #expect(document.bills.count == 3)
            #expect(document.shopping.count == 1)
            #expect(document.activity.count >= 4)
            #expect(document.balances.members.count == 2)
        }
    }
}
