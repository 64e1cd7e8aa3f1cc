import LedgerAPI
import Money
import Wire

/// Reads Reckon's own `export.json` (format `reckon-household/1`): its bills with their payers and shares as they
/// were rounded, its payments, and its rounding transfers, by user id; and its repeating bills, calendar, shopping
/// list and stock. Importing it into a household whose members
/// have those ids restores their balances exactly, which the export's own `balances` are checked against.
enum ReckonExportFile {
    static func read(_ text: String) -> ImportSource {
        var source = ImportSource()
        let document: HouseholdExportDocument
        do {
            document = try JSONCoding.decode(HouseholdExportDocument.self, from: Array(text.utf8))
        } catch {
            source.fail(1, nil, "not a Reckon export.json: \(error)")
            return source
        }
        guard document.format == "reckon-household/1" else {
            source.fail(1, "format", "\(document.format) is not a format this version reads (reckon-household/1)")
            return source
        }
        source.names = document.household.members.map(\.userId)
        source.keepsValues = true
        // Oldest first, as they were written; a list's position is its row.
        for (index, bill) in document.bills.reversed().enumerated() {
            read(bill, row: index + 1, into: &source)
        }
        for (index, payment) in document.payments.reversed().enumerated() {
            let move = self.move(
                index + 1,
                "payments",
                payment.date,
                payment.from,
                payment.to,
                payment.amount,
                payment.currency,
                into: &source
            )
            if var move {
                move.note = payment.note
                move.value = payment.value
                source.entries.append(.payment(move))
            }
        }
        for (index, rounding) in document.roundings.enumerated() {
            let move = self.move(
                index + 1,
                "roundings",
                rounding.date,
                rounding.from,
                rounding.to,
                rounding.amount,
                rounding.currency,
                into: &source
            )
            if let move { source.entries.append(.rounding(move, billSourceID: rounding.billId)) }
        }
        check(document.balances, in: &source)
        (source.recurring, source.events) = (document.recurring, document.events)
        (source.shopping, source.stock) = (document.shopping, document.inventory)
        return source
    }

    /// A payment or rounding transfer of the export's list `list`, or nil (and an error) when its amount is none.
    private static func move(
        _ row: Int,
        _ list: String,
        _ date: String,
        _ from: String,
        _ to: String,
        _ amount: String,
        _ code: String,
        into source: inout ImportSource
    ) -> ImportSource.Move? {
        guard let currency = Currency(code: code), let minor = currency.parse(amount) else {
            source.fail(row, list, "\(amount) \(code) is not an amount")
            return nil
        }
        return ImportSource.Move(row: row, date: date, from: from, to: to, currency: currency, amount: minor)
    }

    private static func read(_ bill: BillView, row: Int, into source: inout ImportSource) {
        guard let currency = Currency(code: bill.currency), let amount = currency.parse(bill.amount) else {
            source.fail(row, "bills", "\(bill.amount) \(bill.currency) is not an amount")
            return
        }
        func parts(_ amounts: [MemberAmount]) -> [ImportSource.Named]? {
            let parts = amounts.map { part in
                currency.parse(part.amount).map { ImportSource.Named(name: part.userId, amount: $0) }
            }
            return parts.contains(nil) ? nil : parts.compactMap { $0 }.filter { $0.amount != 0 }
        }
        guard let paid = parts(bill.payers), let owed = parts(bill.shares) else {
            source.fail(row, "bills", "bill \(bill.billId) has a part that is not an amount in \(bill.currency)")
            return
        }
        var imported = ImportSource.Bill(
            row: row,
            date: bill.date,
            description: bill.description,
            category: bill.category,
            currency: currency,
            amount: amount,
            paid: paid,
            owed: owed
        )
        imported.sourceID = bill.billId
        imported.value = bill.value
        source.entries.append(.bill(imported))
    }

    /// The export's balances against the nets of its bills, payments and roundings.
    private static func check(_ balances: BalancesView, in source: inout ImportSource) {
        let nets = source.nets
        for balance in balances.members {
            guard let currency = Currency(code: balance.currency) else { continue }
            let summed = nets[currency.code]?[balance.userId] ?? 0
            if currency.parse(balance.net, allowsNegative: true) != summed {
                source.fail(
                    0,
                    balance.userId,
                    "the export's balance is \(balance.net) \(currency.code), but its entries add up to "
                        + currency.format(summed)
                )
            }
        }
    }
}
