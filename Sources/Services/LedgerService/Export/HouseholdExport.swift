import LedgerAPI
import Storage
import Wire

extension ExportHandlers {
    /// Every live bill of the household, newest first.
    func allBills(_ household: String, in db: any SQLExecutor) async throws -> [BillView] {
        var views: [BillView] = []
        var page = try PageCursor(cursor: nil, limit: 500)
        while true {
            let bills = try await bills.list(household, page: page, in: db)
            views += bills.map(\.view)
            guard let next = page.next(after: bills.last.map { ($0.date, $0.id) }, count: bills.count) else {
                return views
            }
            page = try PageCursor(cursor: next, limit: 500)
        }
    }

    /// Every live payment of the household, newest first.
    func allPayments(_ household: String, in db: any SQLExecutor) async throws -> [PaymentView] {
        var views: [PaymentView] = []
        var page = try PageCursor(cursor: nil, limit: 500)
        while true {
            let payments = try await payments.list(household, page: page, in: db)
            views += payments.map(\.view)
            guard let next = page.next(after: payments.last.map { ($0.date, $0.id) }, count: payments.count) else {
                return views
            }
            page = try PageCursor(cursor: next, limit: 500)
        }
    }

    /// Every change in the household's activity log, oldest first.
    func allActivity(_ household: String, in db: any SQLExecutor) async throws -> [ActivityView] {
        var entries: [ActivityView] = []
        while true {
            let (page, more) = try await activity.list(
                household: household,
                from: .after(entries.last?.cursor ?? 0),
                limit: 500,
                in: db
            )
            entries += page
            if !more { return entries }
        }
    }

    /// The whole household as one JSON document, for backup: the household and its members, bills, payments,
    /// rounding transfers, recurring rules, calendar events, balances, shopping list, stock and activity log.
    func exportJSON(_ member: HouseholdMember) async throws -> HouseholdExportDocument {
        let (db, id) = (member.db, member.household.id)
        return HouseholdExportDocument(
            household: try await households.view(of: member.household, role: member.role, in: db),
            bills: try await allBills(id, in: db),
            payments: try await allPayments(id, in: db),
            roundings: try await roundings.transfers(id, in: db).map(\.view),
            recurring: try await recurring.list(id, in: db).map(\.view),
            events: try await events.list(id, in: db).map(\.view),
            balances: try await balanceReports.balances(of: id, convertTo: nil, in: db),
            shopping: try await shopping.list(id, in: db).map(\.view),
            inventory: try await inventory.list(id, location: nil, dueBy: nil, in: db).map { $0.view() },
            activity: try await allActivity(id, in: db)
        )
    }
}
