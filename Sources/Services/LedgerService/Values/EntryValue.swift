import LedgerAPI
import Money
import Storage

/// What a bill or payment in another currency than its household's was worth in the household's currency when it
/// was written (``Valuation``), kept in the entry's row (`value_*`): a later rates file never changes it.
struct EntryValue: Sendable, Hashable {
    /// The household's currency.
    let currency: String
    /// The entry's amount in minor units of `currency`.
    let amount: Int64
    /// Units of `currency` per unit of the entry's currency, as stated.
    let rate: String
    /// The day the rate is of.
    let rateDate: String
    /// `payer`, or `reference:` and the rates file.
    let source: String

    /// The value as the ops answer it.
    var view: EntryValueView {
        EntryValueView(
            currency: currency,
            amount: MinorUnits.format(amount, digits: Currency(code: currency)?.minorDigits ?? 2),
            rate: rate,
            rateDate: rateDate,
            source: source
        )
    }

    /// The `value_*` columns of an entry's row; nil when they are empty (an entry in the household's currency, or one
    /// no rate valued).
    static func of(_ row: SQLRow) throws -> EntryValue? {
        guard let currency = try row.optionalText("value_currency") else { return nil }
        return EntryValue(
            currency: currency,
            amount: try row.int("value_amount"),
            rate: try row.text("value_rate"),
            rateDate: try row.text("value_date"),
            source: try row.text("value_source")
        )
    }
}

extension Optional where Wrapped == EntryValue {
    /// The `value_*` columns set to this value (or emptied), for an `UPDATE`.
    var assignments: SQL {
        """
        value_currency = \(self?.currency), value_amount = \(self?.amount), value_rate = \(self?.rate),
            value_date = \(self?.rateDate), value_source = \(self?.source)
        """
    }

    /// The values of the `value_*` columns, in their order, for an `INSERT`.
    var values: SQL {
        "\(self?.currency), \(self?.amount), \(self?.rate), \(self?.rateDate), \(self?.source)"
    }
}
