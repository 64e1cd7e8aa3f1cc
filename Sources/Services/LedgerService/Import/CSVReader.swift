/// Reads RFC 4180 CSV: fields split by commas, rows by CRLF or LF, a quoted field may hold commas, doubled quotes and
/// line breaks. A leading byte-order mark is dropped. Each row keeps the line it starts on, for error messages.
enum CSVReader {
    /// A row of fields and the line (from 1) it starts on.
    struct Row: Equatable, Sendable {
        let line: Int
        let fields: [String]
    }

    /// Text that is not CSV: a quote that never closes, or text after a closing quote.
    struct Malformed: Error, Equatable {
        let line: Int
        let message: String
    }

    /// The rows of `text`; a line with nothing on it is a row with one empty field.
    /// - Throws: ``Malformed``.
    static func rows(_ text: String) throws -> [Row] {
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var rows: [Row] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var line = 1
        var rowLine = 1
        var index = 0
        func endField() {
            fields.append(String(field))
            field = String.UnicodeScalarView()
        }
        func endRow() {
            endField()
            rows.append(Row(line: rowLine, fields: fields))
            fields = []
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\"" && field.isEmpty {
                let opened = line
                index += 1
                while true {
                    guard index < scalars.count else {
                        throw Malformed(line: opened, message: "a quoted field opened on line \(opened) never closes")
                    }
                    let inner = scalars[index]
                    if inner == "\"" {
                        if index + 1 < scalars.count, scalars[index + 1] == "\"" {
                            field.append("\"")
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    if inner == "\n" { line += 1 }
                    field.append(inner)
                    index += 1
                }
                guard index == scalars.count || [",", "\r", "\n"].contains(scalars[index]) else {
                    throw Malformed(line: line, message: "text follows a closing quote on line \(line)")
                }
                continue
            }
            switch scalar {
            case ",":
                endField()
            case "\r" where index + 1 < scalars.count && scalars[index + 1] == "\n":
                break
            case "\n", "\r":
                endRow()
                line += 1
                rowLine = line
            default:
                field.append(scalar)
            }
            index += 1
        }
        if !field.isEmpty || !fields.isEmpty { endRow() }
        return rows
    }
}
