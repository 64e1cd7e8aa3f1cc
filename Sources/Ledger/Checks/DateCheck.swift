/// Reads the `YYYY-MM-DD` dates of the ledger's arguments.
enum DateCheck {
    /// The date `text` names, or ``LedgerError/Code/invalidDate`` at `field` when it is not a real `YYYY-MM-DD` date.
    static func require(_ text: String, field: String) throws(LedgerError) -> CalendarDate {
        guard let date = CalendarDate(iso: text) else {
            throw LedgerError(.invalidDate, "must be a calendar date written YYYY-MM-DD, not \"\(text)\"", field: field)
        }
        return date
    }
}
