/// Checks that an amount of money is above 0 and at most ``LedgerEntry/maximumAmount``.
enum AmountLimit {
    /// Throws ``LedgerError/Code/invalidAmount`` at `field` unless `amount` is in `1...LedgerEntry.maximumAmount`.
    static func require(_ amount: Int128, field: String, format: (Int64) -> String) throws(LedgerError) {
        guard amount > 0 else {
            throw LedgerError(.invalidAmount, "must be above 0, not \(format(Int64(amount)))", field: field)
        }
        guard amount <= Int128(LedgerEntry.maximumAmount) else {
            throw LedgerError(.invalidAmount, "must be at most \(format(LedgerEntry.maximumAmount))", field: field)
        }
    }
}
