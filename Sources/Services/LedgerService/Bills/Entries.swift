import Ledger

extension StoredBill {
    /// The bill as the domain's balance arithmetic sees it.
    func entry() throws -> LedgerEntry {
        try LedgerEntry(
            id: id,
            kind: .bill,
            date: date,
            description: description,
            currency: currency,
            paid: parts.filter { $0.value.paid != 0 }.mapValues(\.paid),
            owed: parts.filter { $0.value.share != 0 }.mapValues(\.share)
        )
    }
}

extension StoredPayment {
    /// The payment as the domain's balance arithmetic sees it: `from` paid `to`.
    func entry() throws -> LedgerEntry {
        try LedgerEntry(
            id: id,
            kind: .payment,
            date: date,
            description: note ?? "payment",
            currency: currency,
            paid: [from: amount],
            owed: [to: amount]
        )
    }
}
