import LedgerAPI
import Money
import Storage

/// Each member's net in one currency after every day that changed it (`balances.history`), read as one statement:
/// every bill part's `paid - share`, and every payment and rounding transfer as `+amount` for who paid it and
/// `-amount` for who got it, summed per day and member in the database, with the days before `from` summed into one
/// row. Only the running sums are taken here, so the rows read grow with the days that had changes, not the entries.
struct BalanceHistory: Sendable {
    /// The most days one answer shows (``LedgerAPI/BalanceHistoryOp/dayLimit``); the earlier ones fold into `opening`.
    var dayLimit = BalanceHistoryOp.dayLimit

    /// The history of `household` in `currency` (an ISO 4217 code already checked) from `from` (a checked date).
    func history(
        of household: String,
        currency: Currency,
        from: String?,
        in db: any SQLExecutor
    ) async throws -> BalanceHistoryView {
        let rows = try await db.query(Self.dailyChanges(household, currency: currency.code, from: from))
        var opening: [String: Int64] = [:]
        var days: [(date: String, changes: [String: Int64])] = []
        for row in rows {
            let (day, member, change) = (try row.text("day"), try row.text("user_id"), try row.int("change"))
            if day.isEmpty {
                opening[member, default: 0] += change
            } else {
                if days.last?.date != day { days.append((day, [:])) }
                days[days.count - 1].changes[member, default: 0] += change
            }
        }
        let members = Set(opening.keys).union(days.flatMap(\.changes.keys)).sorted()
        let dropped = max(0, days.count - dayLimit)
        for day in days.prefix(dropped) { opening.merge(day.changes, uniquingKeysWith: +) }
        let shown = days.dropFirst(dropped)
        let digits = currency.minorDigits
        return BalanceHistoryView(
            currency: currency.code,
            from: dropped > 0 ? shown.first?.date : from,
            dates: shown.map(\.date),
            members: members.map { member in
                var net = opening[member] ?? 0
                let nets = shown.map { day in
                    net += day.changes[member] ?? 0
                    return MinorUnits.format(net, digits: digits)
                }
                return MemberHistoryView(
                    userId: member,
                    opening: MinorUnits.format(opening[member] ?? 0, digits: digits),
                    nets: nets
                )
            }
        )
    }

    /// The changes to each member's net per day (`day`, `user_id`, `change`), oldest first; with `from`, the days
    /// before it come first as one `day` of `''`.
    private static func dailyChanges(_ household: String, currency: String, from: String?) -> SQL {
        let day: SQL = from.map { "CASE WHEN date < \($0) THEN '' ELSE date END" } ?? "date"
        return """
            SELECT \(day) AS day, user_id, CAST(SUM(change) AS BIGINT) AS change FROM (
                SELECT b.date AS date, p.user_id AS user_id, p.paid - p.share AS change
                FROM ledger_bills b JOIN ledger_bill_parts p ON p.bill_id = b.id
                WHERE b.household_id = \(household) AND b.deleted_at IS NULL AND b.currency = \(currency)
                UNION ALL
                SELECT date, from_user, amount FROM ledger_payments
                WHERE household_id = \(household) AND deleted_at IS NULL AND currency = \(currency)
                UNION ALL
                SELECT date, to_user, -amount FROM ledger_payments
                WHERE household_id = \(household) AND deleted_at IS NULL AND currency = \(currency)
                UNION ALL
                SELECT date, from_user, amount FROM ledger_rounding_transfers
                WHERE household_id = \(household) AND currency = \(currency)
                UNION ALL
                SELECT date, to_user, -amount FROM ledger_rounding_transfers
                WHERE household_id = \(household) AND currency = \(currency)
            ) AS changes
            GROUP BY day, user_id ORDER BY day, user_id
            """
    }
}
