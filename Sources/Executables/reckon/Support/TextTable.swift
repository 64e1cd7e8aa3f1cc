/// A plain-text table with aligned columns; numeric cells (digits with `.,-+$%`) align right.
struct TextTable {
    var headers: [String]
    var rows: [[String]]

    init(headers: [String], rows: [[String]]) {
        self.headers = headers
        self.rows = rows
    }

    /// The table as lines of text, a rule under the headers.
    func render() -> String {
        let columnCount = max(headers.count, rows.map(\.count).max() ?? 0)
        let cells = ([headers] + rows).map { $0 + Array(repeating: "", count: columnCount - $0.count) }
        let widths = (0..<columnCount).map { column in cells.map { $0[column].count }.max() ?? 0 }
        func line(_ row: [String]) -> String {
            zip(row, widths).map { cell, width in
                let padding = String(repeating: " ", count: width - cell.count)
                return Self.isNumeric(cell) ? padding + cell : cell + padding
            }.joined(separator: "  ").trimmingTrailingSpaces
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(cells[0]), rule] + cells.dropFirst().map(line)).joined(separator: "\n")
    }

    private static func isNumeric(_ cell: String) -> Bool {
        cell.contains(where: \.isNumber) && cell.allSatisfy { $0.isNumber || ".,-+$%".contains($0) }
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        String(self.reversed().drop(while: { $0 == " " }).reversed())
    }
}
