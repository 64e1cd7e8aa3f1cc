import Storage
import Wire

/// Where a page of a newest-first list starts: after the entry with `date` and `id` (none for the first page).
struct PageCursor: Sendable {
    let date: String?
    let id: String?
    let limit: Int

    /// Reads `cursor` (`date/id` from the last page) and `limit` (1 to 500, default 100).
    /// - Throws: `invalid_argument`.
    init(cursor: String?, limit: Int?) throws {
        let limit = limit ?? 100
        guard (1...500).contains(limit) else {
            throw WireError(.invalidArgument, "limit must be between 1 and 500", field: "limit")
        }
        self.limit = limit
        guard let cursor else {
            (date, id) = (nil, nil)
            return
        }
        let parts = cursor.split(separator: "/", maxSplits: 1)
        guard parts.count == 2 else {
            throw WireError(.invalidArgument, "not a cursor from this list", field: "cursor")
        }
        (date, id) = (String(parts[0]), String(parts[1]))
    }

    /// `AND (date, id) before the cursor`, or nothing on the first page.
    var condition: SQL {
        guard let date, let id else { return "" }
        return " AND (date < \(date) OR (date = \(date) AND id < \(id)))"
    }

    /// The cursor that continues after `date` and `id`, when the page was full.
    func next(after last: (date: String, id: String)?, count: Int) -> String? {
        guard count == limit, let last else { return nil }
        return "\(last.date)/\(last.id)"
    }
}
