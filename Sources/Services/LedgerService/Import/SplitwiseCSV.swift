import Foundation
import Ledger
import LedgerAPI
import Money

/// Reads a Splitwise group's CSV export: a header `Date,Description,Category,Cost,Currency` followed by one column
/// per member, then one row per expense or payment with each member's net for it (what they paid less what they
/// owe), and a closing `Total balance` row per currency. Blank lines are ignored.
///
/// A row becomes a bill of `Cost` whose payers are the members with a positive net, and whose shares are what the
/// others owe, the rest of `Cost` being the first payer's own share; a `Payment` row becomes a payment from the
/// member whose net is positive to the one whose net is negative. Each member's net is kept exactly, so the
/// household's balances end as the `Total balance` row says, which is checked.
enum SplitwiseCSV {
    static let fixedColumns = ["Date", "Description", "Category", "Cost", "Currency"]

    static func read(_ text: String) -> ImportSource {
        var source = ImportSource()
        let rows: [CSVReader.Row]
        do {
            rows = try CSVReader.rows(text).filter { !$0.fields.allSatisfy { $0.trimmed.isEmpty } }
        } catch let error as CSVReader.Malformed {
            source.fail(error.line, nil, error.message)
            return source
        } catch {
            source.fail(1, nil, "\(error)")
            return source
        }
        guard let header = rows.first else {
            source.fail(1, nil, "the file is empty: a Splitwise export starts with a header row")
            return source
        }
        guard header.fields.count > fixedColumns.count,
            zip(header.fields, fixedColumns).allSatisfy({ $0.trimmed.lowercased() == $1.lowercased() })
        else {
            source.fail(
                header.line,
                nil,
                "a Splitwise export's header is \(fixedColumns.joined(separator: ",")) and then one column per member"
            )
            return source
        }
        let names = header.fields.dropFirst(fixedColumns.count).map(\.trimmed)
        for (index, name) in names.enumerated() where name.isEmpty || names[..<index].contains(name) {
            source.fail(header.line, name, name.isEmpty ? "a member column has no name" : "\(name) is named twice")
        }
        guard source.errors.isEmpty else { return source }
        source.names = names
        var closing: [(row: CSVReader.Row, currency: Currency)] = []
        for row in rows.dropFirst() {
            guard row.fields.count == header.fields.count else {
                source.fail(row.line, nil, "has \(row.fields.count) fields where the header has \(header.fields.count)")
                continue
            }
            guard let line = Line(row, names: names, into: &source) else { continue }
            if line.description.lowercased() == "total balance" {
                closing.append((row, line.currency))
            } else {
                line.read(into: &source)
            }
        }
        // With a row left out, the totals cannot agree: they are checked once every row reads.
        if source.errors.isEmpty { check(closing, names: names, in: &source) }
        return source
    }

    /// Each `Total balance` row against the nets of the rows above it.
    private static func check(
        _ closing: [(row: CSVReader.Row, currency: Currency)],
        names: [String],
        in source: inout ImportSource
    ) {
        let nets = source.nets
        for (row, currency) in closing {
            for (name, field) in zip(names, row.fields.dropFirst(fixedColumns.count)) {
                let stated = currency.exported(field)
                let summed = nets[currency.code]?[name] ?? 0
                if stated != summed {
                    source.fail(
                        row.line,
                        name,
                        "the total balance is \(field.trimmed) \(currency.code), but the rows add up to "
                            + currency.format(summed)
                    )
                }
            }
        }
    }

    /// One data row, its fixed columns read.
    private struct Line {
        let row: Int
        let date: String
        let description: String
        let category: String
        let cost: Int64
        let currency: Currency
        let nets: [ImportSource.Named]

        init?(_ row: CSVReader.Row, names: [String], into source: inout ImportSource) {
            let fields = row.fields
            self.row = row.line
            description = fields[1].trimmed
            category = fields[2].trimmed
            guard let currency = Currency(code: fields[4].trimmed.uppercased()) else {
                source.fail(row.line, "Currency", "\(fields[4]) is not an ISO 4217 currency code")
                return nil
            }
            self.currency = currency
            var nets: [ImportSource.Named] = []
            var readable = true
            for (name, field) in zip(names, fields.dropFirst(SplitwiseCSV.fixedColumns.count)) {
                guard let net = currency.exported(field) else {
                    source.fail(row.line, name, "\(field) is not an amount in \(currency.code)")
                    readable = false
                    continue
                }
                if net != 0 { nets.append(.init(name: name, amount: net)) }
            }
            self.nets = nets
            if description.lowercased() == "total balance" {
                (date, cost) = ("", 0)
                guard readable else { return nil }
                return
            }
            date = fields[0].trimmed
            cost = currency.exported(fields[3]) ?? -1
            if (try? DateCheck.validated(date, field: "Date")) == nil {
                source.fail(row.line, "Date", "\(fields[0]) is not a date written YYYY-MM-DD")
                readable = false
            }
            if cost <= 0 {
                source.fail(row.line, "Cost", "\(fields[3]) is not a positive amount in \(currency.code)")
                readable = false
            }
            guard readable else { return nil }
        }

        /// The row as a bill, a payment, or a skipped row.
        func read(into source: inout ImportSource) {
            let owed = nets.filter { $0.amount < 0 }.map { ImportSource.Named(name: $0.name, amount: -$0.amount) }
            let payers = nets.filter { $0.amount > 0 }
            let total = payers.reduce(0) { $0 &+ $1.amount }
            guard total == owed.reduce(0, { $0 &+ $1.amount }) else {
                source.fail(row, nil, "the members' amounts do not add up to 0")
                return
            }
            if category.lowercased() == "payment" {
                guard payers.count == 1, owed.count == 1, total == cost else {
                    source.fail(row, nil, "a payment moves Cost from one member to one other")
                    return
                }
                source.entries.append(
                    .payment(
                        .init(
                            row: row,
                            date: date,
                            from: payers[0].name,
                            to: owed[0].name,
                            currency: currency,
                            amount: cost,
                            note: description.isEmpty ? nil : description
                        )
                    )
                )
                return
            }
            guard let first = payers.first else {
                source.skipped.append(.init(row: row, column: nil, message: "nobody owes anybody on this row"))
                return
            }
            guard cost >= total else {
                source.fail(row, "Cost", "is less than the \(currency.format(total)) the members are owed")
                return
            }
            let own = cost &- total
            source.entries.append(
                .bill(
                    .init(
                        row: row,
                        date: date,
                        description: description.isEmpty
                            ? (category.isEmpty ? "Imported row \(row)" : category) : description,
                        category: category.isEmpty ? nil : category,
                        currency: currency,
                        amount: cost,
                        paid: [.init(name: first.name, amount: first.amount &+ own)] + payers.dropFirst(),
                        owed: (own > 0 ? [.init(name: first.name, amount: own)] : []) + owed
                    )
                )
            )
        }
    }
}

extension String {
    /// Without the spaces and tabs around it.
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespaces) }
}
