import Dates

/// Reads ECB reference-rate files (XML or CSV) into a ``RatesTable``. Plain text scanning, no XML library.
public enum RatesParser {
    /// Parses `text`, deciding the layout from its first non-blank character (`<` for XML).
    /// - Throws: ``CalculatorError`` `invalid_argument` when nothing usable is found or a rate is malformed.
    public static func parse(_ text: String, source: String) throws -> RatesTable {
        let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}" }
        let days = trimmed.hasPrefix("<") ? try xml(String(trimmed)) : try csv(String(trimmed))
        return try RatesTable(base: "EUR", days: days, source: source)
    }

    /// `<Cube time='2023-01-03'><Cube currency='USD' rate='1.0545'/>…</Cube>` as in eurofxref-daily.xml.
    static func xml(_ text: String) throws -> [RatesTable.Day] {
        var days: [RatesTable.Day] = []
        var rest = text[...]
        while let open = rest.firstRange(of: "<Cube") {
            guard let close = rest[open.upperBound...].firstIndex(of: ">") else { break }
            let tag = rest[open.upperBound..<close]
            rest = rest[rest.index(after: close)...]
            if let time = attribute("time", in: tag) {
                days.append(RatesTable.Day(date: try date(time), rates: [:]))
            } else if let currency = attribute("currency", in: tag), let rateText = attribute("rate", in: tag) {
                guard !days.isEmpty else { continue }
                days[days.count - 1].rates[currency.uppercased()] = try rate(rateText, currency)
            }
        }
        return days
    }

    /// `Date, USD, JPY, …` then one line per day (`03 January 2023, 1.0545, 141.29, …` or `2023-01-03,…`).
    static func csv(_ text: String) throws -> [RatesTable.Day] {
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
        guard let header = lines.first else { return [] }
        let codes = header.split(separator: ",").map { $0.trimmingSpaces.uppercased() }
        var days: [RatesTable.Day] = []
        for line in lines.dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { String($0.trimmingSpaces) }
            guard let first = fields.first, !first.isEmpty else { continue }
            var day = RatesTable.Day(date: try date(first), rates: [:])
            for (code, field) in zip(codes, fields).dropFirst()
            where !code.isEmpty && !field.isEmpty && field != "N/A" {
                day.rates[code] = try rate(field, code)
            }
            days.append(day)
        }
        return days
    }

    private static func attribute(_ name: String, in tag: Substring) -> String? {
        for quote in ["'", "\""] {
            if let start = tag.firstRange(of: name + "=" + quote) {
                let value = tag[start.upperBound...]
                guard let end = value.firstIndex(of: Character(quote)) else { return nil }
                return String(value[..<end])
            }
        }
        return nil
    }

    private static func rate(_ text: String, _ code: String) throws -> Rational {
        guard let value = Rational(parsing: text), value.signum > 0 else {
            throw CalculatorError(.invalidArgument, "bad rate '\(text)' for \(code)", field: "rates")
        }
        return value
    }

    private static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august",
        "september", "october", "november", "december",
    ]

    /// `2023-01-03` or `03 January 2023`.
    static func date(_ text: String) throws -> CivilDate {
        if let parsed = try? DateTime(parsing: text, field: "rates") { return parsed.date }
        let parts = text.split(separator: " ")
        if parts.count == 3, let day = Int(parts[0]), let year = Int(parts[2]),
            let month = months.firstIndex(of: parts[1].lowercased()),
            let date = CivilDate(year: year, month: month + 1, day: day)
        {
            return date
        }
        throw CalculatorError(.invalidArgument, "bad date '\(text)' in the rates file", field: "rates")
    }
}
