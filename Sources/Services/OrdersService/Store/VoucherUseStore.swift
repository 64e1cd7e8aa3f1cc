import CheckoutForm
import Ordering
import Storage

/// How often each voucher was used, in total and per customer (`orders_voucher_uses`,
/// `orders_voucher_customer_uses`).
struct VoucherUseStore: Sendable {
    /// The counts the voucher engine asks for, read once for every code given.
    func usage(
        of codes: [String],
        customer: CustomerKey?,
        in db: any SQLExecutor
    ) async throws -> [String: VoucherUsage] {
        var usage: [String: VoucherUsage] = [:]
        for code in Set(codes.map(Voucher.normalize)) {
            let total = try await db.query("SELECT used FROM orders_voucher_uses WHERE code = \(code)").first
            var byCustomer: Int?
            if let customer {
                let row = try await db.query(
                    """
                    SELECT used FROM orders_voucher_customer_uses
                    WHERE code = \(code) AND customer_key = \(customer.rawValue)
                    """
                ).first
                byCustomer = Int(try row?.int("used") ?? 0)
            }
            usage[code] = VoucherUsage(total: Int(try total?.int("used") ?? 0), byThisCustomer: byCustomer)
        }
        return usage
    }

    /// Counts one use, unless that would pass a limit; false when a limit was reached meanwhile (by a concurrent
    /// order). The check and the count are one statement each, so racing orders cannot both take the last use.
    func use(_ voucher: Voucher, customer: CustomerKey, in db: any SQLExecutor) async throws -> Bool {
        let limit = Int64(voucher.usageLimit ?? Int(Int32.max))
        let total = try await db.query(
            """
            INSERT INTO orders_voucher_uses (code, used) VALUES (\(voucher.code), 1)
            ON CONFLICT (code) DO UPDATE SET used = orders_voucher_uses.used + 1
            WHERE orders_voucher_uses.used < \(limit)
            RETURNING used
            """
        )
        guard let used = try total.first?.int("used"), used <= limit else { return false }
        let perCustomer = Int64(voucher.perCustomerLimit ?? Int(Int32.max))
        let mine = try await db.query(
            """
            INSERT INTO orders_voucher_customer_uses (code, customer_key, used) VALUES (\(voucher.code), \(customer.rawValue), 1)
            ON CONFLICT (code, customer_key) DO UPDATE SET used = orders_voucher_customer_uses.used + 1
            WHERE orders_voucher_customer_uses.used < \(perCustomer)
            RETURNING used
            """
        )
        guard let count = try mine.first?.int("used"), count <= perCustomer else { return false }
        return true
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
