import LedgerAPI
@testable import LedgerService
import Money
import ReckonTesting
import Storage
import Testing
import Wire

/// `balances.history` on both engines: a household's nets day by day, from known bills and payments on known
/// dates, with a deleted bill left out, a window that sums the earlier days into `opening`, and the last day equal
/// to `balances`.
@Suite struct BalanceHistoryTests {
    @Test(arguments: TestDatabase.engines)
    func theNetsOfEveryDayWithAChangeEndAtTheBalances(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let ana = try await ledger.user("ana")
            let bob = try await ledger.user("bob")
            let cyd = try await ledger.user("cyd")
            let home = try await ledger.household(ana, members: [bob, cyd])
            let everyone = SplitSpec(kind: "equal")
            _ = try await ledger.bill(home, "Rent", "90.00", paidBy: ana, split: everyone, date: "2026-01-05")
            _ = try await ledger.bill(home, "Milk", "3.00", paidBy: bob, split: everyone, date: "2026-01-05")
            let gone = try await ledger.bill(home, "Oops", "50.00", paidBy: cyd, split: everyone, date: "2026-01-20")
            _ = try await ledger.call(BillsDeleteOp.self, .init(billId: gone.billId), token: cyd.token)
            _ = try await ledger.bill(home, "Euros", "9.00", paidBy: cyd, split: everyone, currency: "EUR")
            _ = try await ledger.bill(home, "Power", "10.00", paidBy: cyd, split: everyone, date: "2026-02-01")
            _ = try await ledger.call(
                PaymentsRecordOp.self,
                .init(householdId: home, from: bob.id, to: ana.id, amount: "20.00", date: "2026-02-10"),
                token: bob.token
            )
            let ids = [ana.id, bob.id, cyd.id]
            let nets = { (history: BalanceHistoryView) in
                Dictionary(uniqueKeysWithValues: history.members.map { ($0.userId, $0.nets) })
            }

            let whole = try await ledger.call(BalanceHistoryOp.self, .init(householdId: home), token: bob.token)
            #expect(whole.currency == "CAD" && whole.from == nil)
            #expect(whole.dates == ["2026-01-05", "2026-02-01", "2026-02-10"])
            #expect(whole.members.map(\.userId) == ids.sorted())
            #expect(whole.members.allSatisfy { $0.opening == "0.00" })
            // Rent 90 and milk 3 shared by three: 31 each; power 10: 3.33, 3.33 and 3.34 in some order.
            #expect(nets(whole)[ana.id]?.prefix(1) == ["59.00"])
            #expect(nets(whole)[bob.id]?.prefix(1) == ["-28.00"])
            #expect(nets(whole)[cyd.id]?.prefix(1) == ["-31.00"])
            for day in whole.dates.indices {
                #expect(whole.members.map { cents($0.nets[day]) }.reduce(0, +) == 0)
            }
            let anaBeforePayment = cents(try #require(nets(whole)[ana.id]?[1]))
            #expect(nets(whole)[ana.id]?[2] == MinorUnits.format(anaBeforePayment - 2000))
            let balances = try await ledger.nets(home, as: ana)
            for (member, net) in balances { #expect(nets(whole)[member]?.last == net) }

            let window = try await ledger.call(
                BalanceHistoryOp.self,
                .init(householdId: home, from: "2026-01-06"),
                token: cyd.token
            )
            #expect(window.from == "2026-01-06")
            #expect(window.dates == ["2026-02-01", "2026-02-10"])
            #expect(window.members.map(\.opening) == ids.sorted().map { nets(whole)[$0]?[0] ?? "" })
            #expect(nets(window).mapValues { Array($0) } == nets(whole).mapValues { Array($0.dropFirst()) })

            let euros = try await ledger.call(
                BalanceHistoryOp.self,
                .init(householdId: home, currency: "eur"),
                token: ana.token
            )
            #expect(euros.currency == "EUR" && euros.dates.count == 1)
            #expect(nets(euros)[cyd.id] == ["6.00"])

            let eve = try await ledger.user("eve")
            let stranger = try await ledger.failure(BalanceHistoryOp.self, .init(householdId: home), token: eve.token)
            #expect(stranger.code == .notFound)
            for (args, field) in [
                (BalanceHistoryOp.Args(householdId: home, currency: "XXQ"), "currency"),
                (BalanceHistoryOp.Args(householdId: home, from: "2026-02-30"), "from"),
            ] {
                let refused = try await ledger.failure(BalanceHistoryOp.self, args, token: ana.token)
                #expect(refused.code == .invalidArgument && refused.field == field)
            }
        }
    }

    /// The fold past the day limit, with a limit of 2 (the op's is 1,000): four days of bills, the first two summed
    /// into `opening`.
    @Test func moreDaysThanTheLimitSumTheEarliestIntoTheOpening() async throws {
        try await LedgerHarness.with(.sqlite) { ledger in
            let ana = try await ledger.user("ana")
            let bob = try await ledger.user("bob")
            let home = try await ledger.household(ana, members: [bob])
            let dates = ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04"]
            for date in dates {
                _ = try await ledger.bill(home, "Bread", "2.00", paidBy: ana, split: .init(kind: "equal"), date: date)
            }
            let history = try await ledger.database.read { db in
                try await BalanceHistory(dayLimit: 2).history(
                    of: home,
                    currency: try #require(Currency(code: "CAD")),
                    from: nil,
                    in: db
                )
            }
            #expect(history.from == dates[2] && history.dates == Array(dates.dropFirst(2)))
            let anaHistory = try #require(history.members.first { $0.userId == ana.id })
            #expect(anaHistory.opening == "2.00" && anaHistory.nets == ["3.00", "4.00"])
        }
    }
}
