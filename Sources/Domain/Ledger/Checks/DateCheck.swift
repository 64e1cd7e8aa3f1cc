import Dates

/// Reads the `YYYY-MM-DD` dates of the ledger's arguments.
public enum DateCheck {
    /// `text` when it is a real `YYYY-MM-DD` date.
    /// - Throws: ``LedgerError/Code/invalidDate`` at `field` otherwise.
    public static func validated(_ text: String, field: String) throws(LedgerError) -> String {
        _ = try require(text, field: field)
        return text
    }

    /// The date `text` names, or ``LedgerError/Code/invalidDate`` at `field` when it is not a real `YYYY-MM-DD` date.
    static func require(_ text: String, field: String) throws(LedgerError) -> CivilDate {
        guard let date = CivilDate(iso: text) else {
            throw LedgerError(.invalidDate, "must be a calendar date written YYYY-MM-DD, not \"\(text)\"", field: field)
        }
        return date
    }
}
