import CheckoutForm
import Ordering
import Storage

/// How often each voucher was used, in total and per customer (`orders_voucher_uses`,
/// `orders_voucher_customer_uses`).
struct VoucherUseStore: Sendable {
    /// The counts the voucher engine asks for, for every code given, in one statement (none without codes).
    func usage(
        of codes: [String],
        customer: CustomerKey?,
        in db: any SQLExecutor
    ) async throws -> [String: VoucherUsage] {
        let codes = Set(codes.map(Voucher.normalize)).sorted()
        guard !codes.isEmpty else { return [:] }
        let list = "(" + SQL.joined(codes.map { code -> SQL in "\(code)" }, separator: ", ") + ")"
        let mine: SQL =
            customer.map {
                " UNION ALL SELECT 'customer' AS source, code, used FROM orders_voucher_customer_uses"
                    + " WHERE customer_key = \($0.rawValue) AND code IN " + list
            } ?? ""
        let rows = try await db.query(
            "SELECT 'total' AS source, code, used FROM orders_voucher_uses WHERE code IN " + list + mine
        )
        var (total, byCustomer): ([String: Int], [String: Int]) = ([:], [:])
        for row in rows {
            let (code, used) = (try row.text("code"), Int(try row.int("used")))
            if try row.text("source") == "total" { total[code] = used } else { byCustomer[code] = used }
        }
        return Dictionary(
            uniqueKeysWithValues: codes.map { code in
                (
                    code,
                    VoucherUsage(total: total[code] ?? 0, byThisCustomer: customer.map { _ in byCustomer[code] ?? 0 })
                )
            }
        )
    }

    /// The steps that count one use of `voucher` by `customer`, named after `name`, unless that would pass a limit:
    /// they find no row, and fail the write with ``Storage/StorageError/Code/lostRace``, when a racing order reached
    /// the limit since the read, so racing orders cannot both take the last use.
    func useSteps(_ voucher: Voucher, customer: CustomerKey, name: String) -> [WriteStep] {
        let limit = Int64(voucher.usageLimit ?? Int(Int32.max))
        let perCustomer = Int64(voucher.perCustomerLimit ?? Int(Int32.max))
        let raced = StorageError(.lostRace, "voucher \(voucher.code) reached its limit meanwhile")
        return [
            WriteStep(
                name,
                """
                INSERT INTO orders_voucher_uses (code, used) VALUES (\(voucher.code), 1)
                ON CONFLICT (code) DO UPDATE SET used = orders_voucher_uses.used + 1
                WHERE orders_voucher_uses.used < \(limit)
                RETURNING used
                """,
                unlessRow: raced
            ),
            WriteStep(
                name + "_customer",
                """
                INSERT INTO orders_voucher_customer_uses (code, customer_key, used)
                VALUES (\(voucher.code), \(customer.rawValue), 1)
                ON CONFLICT (code, customer_key) DO UPDATE SET used = orders_voucher_customer_uses.used + 1
                WHERE orders_voucher_customer_uses.used < \(perCustomer)
                RETURNING used
                """,
                unlessRow: raced
            ),
        ]
    }

    /// Gives a use back (a cancelled order).
    func giveBack(_ code: String, customer: String, in db: any SQLExecutor) async throws {
        try await db.query("UPDATE orders_voucher_uses SET used = used - 1 WHERE code = \(code) AND used > 0")
        try await db.query(
            """
            UPDATE orders_voucher_customer_uses SET used = used - 1
            WHERE code = \(code) AND customer_key = \(customer) AND used > 0
            """
        )
    }
}
