/// Finds units by symbol or name: exact symbols first, then case-, space- and plural-tolerant spellings.
/// Built once; lookups are dictionary hits.
struct UnitIndex: Sendable {
    let units: [UnitDefinition]
    private var exact: [String: Int] = [:]
    /// Loose spellings to a unit index, or to every candidate when the spelling is ambiguous (`mb`: MB or Mb).
    private var loose: [String: [Int]] = [:]

    init(_ units: [UnitDefinition]) {
        self.units = units
        for (index, unit) in units.enumerated() {
            for spelling in [unit.symbol] + unit.aliases where exact[spelling] == nil {
                exact[spelling] = index
            }
            for spelling in [unit.symbol, unit.name] + unit.aliases {
                let key = Self.normalized(spelling)
                if !(loose[key]?.contains(index) ?? false) { loose[key, default: []].append(index) }
            }
        }
    }

    /// The unit spelled `text`.
    /// - Throws: ``CalculatorError`` `not_found` with close matches (or the candidates of an ambiguous spelling).
    func unit(_ text: String, field: String) throws -> UnitDefinition {
        if let index = exact[text] { return units[index] }
        let key = Self.normalized(text)
        for candidate in Self.singulars(of: key) {
            guard let indices = loose[candidate] else { continue }
            if indices.count == 1 { return units[indices[0]] }
            let names = indices.map { units[$0].symbol }
            throw CalculatorError(
                .notFound,
                "unit '\(text)' is ambiguous: say \(names.joined(separator: " or "))",
                field: field,
                suggestions: names
            )
        }
        let suggestions = closeMatches(key)
        let hint = suggestions.isEmpty ? "" : "; did you mean \(suggestions.joined(separator: ", "))?"
        throw CalculatorError(.notFound, "unknown unit '\(text)'\(hint)", field: field, suggestions: suggestions)
    }

    /// Up to five unit symbols whose spellings are within a small edit distance of `key`.
    private func closeMatches(_ key: String) -> [String] {
        let limit = max(1, key.count / 3)
        var scored: [(distance: Int, symbol: String)] = []
        var seen = Set<String>()
        for (spelling, indices) in loose {
            let distance = Self.editDistance(key, spelling)
            guard distance <= limit || (key.count >= 3 && spelling.hasPrefix(key)) else { continue }
            for index in indices where seen.insert(units[index].symbol).inserted {
                scored.append((distance, units[index].symbol))
            }
        }
        return scored.sorted { ($0.distance, $0.symbol) < ($1.distance, $1.symbol) }.prefix(5).map(\.symbol)
    }

    /// Lower case without spaces, underscores, hyphens or dots; `metre` → `meter`, `²` → `2`, `°` → `deg`.
    static func normalized(_ text: String) -> String {
        var output = asciiFolded(text) ?? unicodeFolded(text)
        if output.containsText("metre") { output = output.replacingAll("metre", with: "meter") }
        if output.containsText("litre") { output = output.replacingAll("litre", with: "liter") }
        return output
    }

    /// ASCII text lower-cased without separators, byte by byte; `nil` when the text is not all ASCII.
    private static func asciiFolded(_ text: String) -> String? {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        return String(unsafeUninitializedCapacity: text.utf8.count) { buffer in
            var count = 0
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: " "), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"),
                    UInt8(ascii: "\t"):
                    continue
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): buffer[count] = byte | 0x20
                default: buffer[count] = byte
                }
                count += 1
            }
            return count
        }
    }

    /// Any text lower-cased without separators, scalar by scalar, with `²`, `³`, `µ` and `°` spelled out.
    private static func unicodeFolded(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case " ", "_", "-", ".", "^", "\t": continue
            case "²": output += "2"
            case "³": output += "3"
            case "µ", "μ": output += "u"
            case "°": output += "deg"
            default: output.unicodeScalars.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
        return output
    }

    /// The key, then without a plural ending (`kilometers`, `inches`, `milesperhour`).
    private static func singulars(of key: String) -> [String] {
        var keys = [key]
        if key.hasSuffix("es") { keys.append(String(key.dropLast(2))) }
        if key.hasSuffix("s") { keys.append(String(key.dropLast())) }
        if key.containsText("sper") { keys.append(key.replacingAll("sper", with: "per")) }
        return keys
    }

    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8)
        let b = Array(b.utf8)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

extension String {
    /// Whether `needle` (ASCII) occurs in the string, as `contains(_:)` answers; ASCII strings are searched byte by
    /// byte, which is much cheaper than the general character-wise search.
    func containsText(_ needle: String) -> Bool {
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return contains(needle) }
        let pattern = needle.utf8
        var rest = utf8[...]
        while rest.count >= pattern.count {
            if rest.starts(with: pattern) { return true }
            rest = rest.dropFirst()
        }
        return false
    }

    /// The string with every occurrence of `target` replaced (Foundation-free).
    func replacingAll(_ target: String, with replacement: String) -> String {
        var output = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            output += rest[..<range.lowerBound]
            output += replacement
            rest = rest[range.upperBound...]
        }
        return output + rest
    }
}
