import Foundation
import Ledger
import LedgerAPI
import Money
import Storage
import Wire

/// The bills a recurring rule makes: with the stores they are written to, the households' store (for the members
/// and currency), the rounding, the running totals, the activity log and the valuation of bills in another currency,
/// and nothing else. Both `recurring.add` and the worker's background turn
/// (``LedgerService/createDueOccurrences(database:configuration:)``) use it.
struct RecurringBills: Sendable {
    let recurring: RecurringStore
    let households: HouseholdStore
    let bills: BillStore
    let rounding: BillRounding
    let totals: BalanceTotals
    let activity: ActivityLog
    let valuation: Valuation

    /// With its own stores, writing to `activity`, valuing with `valuation`.
    init(activity: ActivityLog, valuation: Valuation) {
        recurring = RecurringStore()
        households = HouseholdStore()
        bills = BillStore()
        rounding = BillRounding()
        totals = BalanceTotals()
        self.activity = activity
        self.valuation = valuation
    }

    /// The dates of `rule`'s bills due up to `today`.
    func dueDates(_ rule: RecurringStore.Rule, through today: String) throws -> [String] {
        guard rule.state == "active" else { return [] }
        let after = [rule.lastDate, rule.resumeAfter].compactMap { $0 }.max()
        return try rule.recurrence.occurrences(after: after, through: today)
    }

    /// What each of `rule`'s bills due up to `today` is worth in the household's currency `home`, by date: at each
    /// date's reference rate, or none where calc has none. Empty for a rule in `home`.
    /// - Throws: calc's `unavailable` or `deadline_exceeded` when it cannot be reached.
    func values(
        of rule: RecurringStore.Rule,
        through today: String,
        in home: String
    ) async throws
        -> [String: EntryValue]
    {
        guard let currency = rule.template.currency, currency != home,
            let amount = Currency(code: currency)?.parse(rule.template.amount ?? "")
        else { return [:] }
        var values: [String: EntryValue] = [:]
        for date in try dueDates(rule, through: today) {
            values[date] = try await valuation.value(
                amount,
                currency: currency,
                on: date,
                in: home,
                from: .given(GivenValue(), .whenAvailable)
            )
        }
        return values
    }

    /// Creates the bills of `rule` due up to `today`, exactly once across replicas; returns how many it made. A
    /// template that no longer composes (a member in its split left) pauses the rule instead, with an activity
    /// entry saying why.
    /// - Parameter values: what the bills are worth, by date (``values(of:through:in:)``, read before the write's
    ///   transaction began, so none waits on calc); valued here when nil.
    func createDue(
        _ rule: RecurringStore.Rule,
        through today: String,
        values: [String: EntryValue]? = nil,
        in db: any SQLExecutor
    ) async throws -> Int {
        let dates = try dueDates(rule, through: today)
        guard let last = dates.last else { return 0 }
        let household = try await households.find(rule.householdID, in: db)
        let members = try await households.currentMemberIDs(rule.householdID, in: db)
        let composer = BillComposer(householdCurrency: household?.currency ?? "CAD", members: members, today: today)
        let composed: [ComposedBill]
        do {
            composed = try dates.map { date in
                var fields = rule.template
                fields.date = date
                return try composer.compose(
                    id: "b_" + UUID.random().uuidString.lowercased(),
                    household: rule.householdID,
                    fields: fields,
                    createdBy: rule.createdBy,
                    recurringID: rule.id
                )
            }
        } catch let error as WireError {
            try await recurring.setState(rule.id, "paused", resumeAfter: nil, in: db)
            try await activity.record(
                .init(
                    action: "recurring.paused",
                    entity: "recurring",
                    entityID: rule.id,
                    before: rule.view,
                    after: ["reason": error.message] as [String: String]
                ),
                household: rule.householdID,
                userID: rule.createdBy,
                in: db
            )
            return 0
        }
        guard try await recurring.claim(rule, through: last, in: db) else { return 0 }
        let rounding = try await self.rounding.round(
            removing: [],
            adding: composed,
            household: rule.householdID,
            members: members,
            date: today,
            cause: composed[0].unrounded.id,
            in: db
        )
        try await totals.apply(rounding.transferChanges(), household: rule.householdID, in: db)
        let home = household?.currency ?? "CAD"
        var values = values
        if values == nil { values = try await self.values(of: rule, through: today, in: home) }
        let bills = rounding.bills.map { bill in
            var valued = bill
            valued.value = values?[bill.date]
            return valued
        }
        for bill in bills {
            try await self.bills.insert(bill, createdBy: rule.createdBy, in: db)
            try await totals.apply(bill.entry(), household: rule.householdID, sign: 1, in: db)
            try await activity.record(
                .init(action: "bill.recurred", entity: "bill", entityID: bill.id, before: nil, after: bill.view),
                household: rule.householdID,
                userID: rule.createdBy,
                in: db
            )
        }
        return bills.count
    }
}

extension RecurringStore.Rule {
    /// What its due dates follow from, besides today: its state and the dates it reached.
    var dueFrom: [String?] { [state, lastDate, resumeAfter] }

    /// The domain rule of this stored rule.
    var recurrence: RecurrenceRule {
        RecurrenceRule(
            frequency: frequency == "weekly" ? .weekly : .monthly,
            interval: interval,
            start: start,
            end: end
        )
    }
}
