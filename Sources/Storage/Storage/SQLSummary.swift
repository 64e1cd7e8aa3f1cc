/// A statement's low-cardinality summary, as OpenTelemetry's `db.query.summary` asks: its operation and the first
/// table it names (`SELECT ledger_bills`, `INSERT ledger_bill_parts`, `BEGIN`). Built from the statement's text,
/// which holds placeholders, never bound values.
enum SQLSummary {
    static func of(_ text: String) -> String {
        let words = text.split(whereSeparator: { $0.isWhitespace || $0 == "(" || $0 == ")" || $0 == "," })
        guard let first = words.first else { return "SQL" }
        let operation = first.uppercased()
        // The word after which the statement's first table comes.
        let before: Set<String> =
            switch operation {
            case "SELECT", "DELETE": ["FROM"]
            case "INSERT": ["INTO"]
            case "UPDATE": ["UPDATE"]
            case "WITH": ["FROM", "INTO", "UPDATE"]
            default: []
            }
        guard let index = words.firstIndex(where: { before.contains($0.uppercased()) }), index + 1 < words.count else {
            return operation
        }
        var table = words[index + 1]
        if table.uppercased() == "ONLY", index + 2 < words.count { table = words[index + 2] }
        return "\(operation) \(table.filter { $0 != "\"" })"
    }
}
