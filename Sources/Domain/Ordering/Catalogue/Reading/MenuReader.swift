import Foundation
import Money

/// An object of the menu file with its JSON path, e.g. `items[3]`.
struct JSONObject {
    let path: String
    let fields: [String: JSONValue]

    /// The path of one of the object's fields: `items[3].price`.
    func path(_ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }
}

/// Reads typed fields out of the parsed menu file, reporting each missing, mistyped or out-of-range field with its
/// path, so one pass over the file finds every problem.
struct MenuReader {
    /// The highest amount a price or voucher field may hold, in minor units, so cart sums cannot overflow.
    static let maximumAmount: Int64 = 10_000_000_000

    let file: String
    private(set) var problems: [OrderingError.Problem] = []
    /// The minor digits amounts are read with, set from the restaurant.
    var digits = 2

    init(file: String) {
        self.file = file
    }

    mutating func report(_ field: String, _ code: OrderingError.Code, _ message: String) {
        problems.append(OrderingError.Problem(file: file, field: field, code: code, message: message))
    }

    // MARK: - Objects and lists

    /// The value as an object, reporting any field not in `keys`.
    mutating func object(_ value: JSONValue, at path: String, keys: [String]) -> JSONObject? {
        guard case .object(let fields) = value else {
            report(path, .wrongType, "must be an object, not \(value.shown)")
            return nil
        }
        for key in fields.keys.sorted() where !keys.contains(key) {
            report(
                path.isEmpty ? key : "\(path).\(key)",
                .unknownField,
                "unknown field; expected one of \(keys.joined(separator: ", "))"
            )
        }
        return JSONObject(path: path, fields: fields)
    }

    /// The field's elements with their paths; `nil` when absent (reported if `required`) or not a list.
    mutating func list(_ key: String, in object: JSONObject, required: Bool) -> [(path: String, value: JSONValue)]? {
        guard let value = value(key, in: object, required: required) else { return nil }
        guard case .array(let elements) = value else {
            report(object.path(key), .wrongType, "must be a list, not \(value.shown)")
            return nil
        }
        return elements.enumerated().map { ("\(object.path(key))[\($0)]", $1) }
    }

    /// The field's elements that are objects; others are reported.
    mutating func objects(_ key: String, in object: JSONObject, keys: [String], required: Bool) -> [JSONObject] {
        (list(key, in: object, required: required) ?? []).compactMap { self.object($1, at: $0, keys: keys) }
    }

    /// The field's non-empty text elements with their paths; an empty list is reported when `required`.
    mutating func strings(_ key: String, in object: JSONObject, required: Bool) -> [(path: String, text: String)]? {
        guard let elements = list(key, in: object, required: required) else { return nil }
        if required && elements.isEmpty { report(object.path(key), .invalidValue, "must not be empty") }
        return elements.compactMap { path, value in text(value, at: path).map { (path, $0) } }
    }

    // MARK: - Scalars

    /// Non-empty text.
    mutating func string(_ key: String, in object: JSONObject, required: Bool = true) -> String? {
        guard let value = value(key, in: object, required: required) else { return nil }
        return text(value, at: object.path(key))
    }

    /// Text that is one of `options`.
    mutating func choice(_ key: String, in object: JSONObject, from options: [String], required: Bool) -> String? {
        guard let text = string(key, in: object, required: required) else { return nil }
        guard options.contains(text) else {
            let listed = options.dropLast().joined(separator: ", ") + " or " + (options.last ?? "")
            report(object.path(key), .invalidValue, "must be \(listed), not \"\(text)\"")
            return nil
        }
        return text
    }

    /// `true` or `false`.
    mutating func bool(_ key: String, in object: JSONObject) -> Bool? {
        guard let value = value(key, in: object, required: false) else { return nil }
        guard case .bool(let flag) = value else {
            report(object.path(key), .wrongType, "must be true or false, not \(value.shown)")
            return nil
        }
        return flag
    }

    /// A whole number within `range`.
    mutating func count(
        _ key: String,
        in object: JSONObject,
        range: ClosedRange<Int>,
        required: Bool = false
    ) -> Int? {
        guard let value = value(key, in: object, required: required) else { return nil }
        guard case .integer(let number) = value, let count = Int(exactly: number), range.contains(count) else {
            report(
                object.path(key),
                .invalidValue,
                "must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(value.shown)"
            )
            return nil
        }
        return count
    }

    /// A decimal amount written as text (`"12.50"`), in minor units, from 0 (or 1 when `positive`) to
    /// ``maximumAmount``.
    mutating func amount(_ key: String, in object: JSONObject, required: Bool, positive: Bool = false) -> Int64? {
        guard let value = value(key, in: object, required: required) else { return nil }
        let path = object.path(key)
        let example = "\"\(MinorUnits.format(1250 * Self.power(digits) / 100, digits: digits))\""
        guard case .string(let text) = value, let amount = MinorUnits.parse(text, digits: digits) else {
            report(path, .invalidValue, "must be a decimal amount like \(example), not \(value.shown)")
            return nil
        }
        if positive && amount == 0 {
            report(path, .invalidValue, "must be above 0")
            return nil
        }
        guard amount <= Self.maximumAmount else {
            report(path, .invalidValue, "must be at most \(MinorUnits.format(Self.maximumAmount, digits: digits))")
            return nil
        }
        return amount
    }

    /// An ISO 8601 timestamp with a time zone, e.g. `2026-05-01T00:00:00Z`.
    mutating func date(_ key: String, in object: JSONObject) -> Date? {
        guard let value = value(key, in: object, required: false) else { return nil }
        guard case .string(let text) = value, let date = try? Date(text, strategy: .iso8601) else {
            report(
                object.path(key),
                .invalidValue,
                "must be an ISO 8601 timestamp like \"2026-05-01T00:00:00Z\", not \(value.shown)"
            )
            return nil
        }
        return date
    }

    // MARK: - Helpers

    /// The field's value; absent and `null` are the same, and reported when `required`.
    private mutating func value(_ key: String, in object: JSONObject, required: Bool) -> JSONValue? {
        guard let value = object.fields[key], value != .null else {
            if required { report(object.path(key), .missingField, "is required") }
            return nil
        }
        return value
    }

    private mutating func text(_ value: JSONValue, at path: String) -> String? {
        guard case .string(let text) = value else {
            report(path, .wrongType, "must be text, not \(value.shown)")
            return nil
        }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            report(path, .invalidValue, "must not be empty")
            return nil
        }
        return text
    }

    private static func power(_ digits: Int) -> Int64 {
        (0..<digits).reduce(1) { value, _ in value * 10 }
    }
}
