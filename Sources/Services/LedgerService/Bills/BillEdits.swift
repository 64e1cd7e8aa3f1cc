import LedgerAPI
import Money

extension StoredBill {
    /// The bill's fields as they travel, so an edit can change some and keep the rest. A bill with one payer
    /// keeps them as `paidBy`, so changing the amount alone moves what they paid with it.
    var fields: BillFields {
        let digits = Currency(code: currency)?.minorDigits ?? 2
        let payers = parts.filter { $0.value.paid != 0 }.mapValues(\.paid)
        return BillFields(
            description: description,
            amount: MinorUnits.format(amount, digits: digits),
            currency: currency,
            date: date,
            category: category,
            paidBy: payers.count == 1 ? payers.first?.key : nil,
            payers: payers.count == 1 ? nil : payers.mapValues { MinorUnits.format($0, digits: digits) },
            split: split
        )
    }
}

extension BillFields {
    /// These fields with every field `changes` gives replaced; `paidBy` and `payers` replace each other.
    func applying(_ changes: BillFields) -> BillFields {
        var merged = self
        merged.description = changes.description ?? description
        merged.amount = changes.amount ?? amount
        merged.currency = changes.currency ?? currency
        merged.date = changes.date ?? date
        merged.category = changes.category ?? category
        merged.split = changes.split ?? split
        if changes.paidBy != nil || changes.payers != nil {
            merged.paidBy = changes.paidBy
            merged.payers = changes.payers
        }
        return merged
    }
}
