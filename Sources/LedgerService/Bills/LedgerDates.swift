import Calculator
import Wire

/// Dates as the ledger takes them: ISO 8601 calendar dates, `YYYY-MM-DD`, between 1900 and 2999.
enum LedgerDates {
    /// The date, checked.
    /// - Throws: `invalid_argument` naming `field` for anything else (`2026-02-30`, `2026-2-3`, a time).
    static func validated(_ text: String, field: String) throws -> String {
        guard parse(text) != nil else {
            throw WireError(.invalidArgument, "\(field) must be a date like 2026-11-23, not \"\(text)\"", field: field)
        }
        return text
    }

    /// The calendar date `text` names, if it is one.
    static func parse(_ text: String) -> CivilDate? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1900...2999).contains(year)
        else { return nil }
        return CivilDate(year: year, month: month, day: day)
    }
}
