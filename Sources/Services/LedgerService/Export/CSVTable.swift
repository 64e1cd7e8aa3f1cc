import Foundation

/// A table written as RFC 4180 CSV: a header row, CRLF line ends, and a field quoted (with its quotes doubled)
/// when it holds a comma, a quote, CR or LF. Fields are written as they are: amounts are exact decimal text, and
/// text is not altered to defuse spreadsheet formulas.
struct CSVTable: Sendable {
    let header: [String]
    private(set) var rows: [[String]] = []

    init(header: [String]) { self.header = header }

    /// Appends a row; it must have one field per header column.
    mutating func append(_ row: [String]) {
        precondition(row.count == header.count, "a CSV row needs \(header.count) fields")
        rows.append(row)
    }

    /// The CSV text.
    var text: String {
        ([header] + rows).map { $0.map(Self.field).joined(separator: ",") + "\r\n" }.joined()
    }

    private static func field(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else {
            return value
        }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
