import Wire

/// A `GET`'s query string as an op's arguments, each value read as its property's schema says: integers, numbers
/// and booleans from their text, arrays from repeated parameters (or one JSON array), objects from JSON text, and
/// the rest as strings.
enum QueryArgs {
    /// - Parameter query: the raw query, form-encoded: `+` is a space, as browsers and most clients send it.
    static func args(_ query: String, schema: JSONValue?) throws -> JSONValue {
        var keys: [String] = []
        var valuesByKey: [String: [String]] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = try decoded(parts[0])
            if valuesByKey[key] == nil { keys.append(key) }
            valuesByKey[key, default: []].append(try parts.count > 1 ? decoded(parts[1]) : "")
        }
        var members: [(String, JSONValue)] = []
        for key in keys {
            let property = schema?["properties"]?[key]
            members.append((key, try value(valuesByKey[key] ?? [], as: property, field: key)))
        }
        return .object(JSONObject(members))
    }

    /// `text` form-decoded: `+` a space, `%XX` a byte, the bytes UTF-8. Byte by byte, since Foundation's
    /// `removingPercentEncoding` was a twentieth of the bridge's CPU per call (issue #36).
    private static func decoded(_ text: Substring) throws -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    throw malformed(text)
                }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else { throw malformed(text) }
        return decoded
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func malformed(_ text: Substring) -> WireError {
        WireError(.invalidArgument, "the query has a malformed percent-encoding: \(text)")
    }

    /// Whether a property travels in a query as text (a scalar, or an array of scalars as repeated parameters)
    /// rather than as JSON text; the OpenAPI document publishes each parameter so (`schema` or `content`).
    static func travelsAsText(_ schema: JSONValue?) -> Bool {
        let types = types(schema)
        if types == ["array"] { return isScalar(schema?["items"]) }
        return isScalar(schema)
    }

    private static func isScalar(_ schema: JSONValue?) -> Bool {
        guard let schema else { return true }  // a member the args schema does not name (`access_token`): text
        let types = types(schema)
        guard !types.isEmpty else { return schema["enum"] != nil }
        return types.isSubset(of: ["string", "integer", "number", "boolean"])
    }

    private static func value(_ values: [String], as schema: JSONValue?, field: String) throws -> JSONValue {
        guard travelsAsText(schema) else {
            guard values.count == 1 else {
                throw WireError(.invalidArgument, "\(field) is given more than once", field: field)
            }
            return try json(values[0], field: field)
        }
        switch types(schema) {
        case let types where types.contains("array"):
            if values.count == 1, values[0].hasPrefix("[") { return try json(values[0], field: field) }
            return .array(try values.map { try scalar($0, as: schema?["items"], field: field) })
        default:
            guard values.count == 1 else {
                throw WireError(.invalidArgument, "\(field) is given more than once", field: field)
            }
            return try scalar(values[0], as: schema, field: field)
        }
    }

    private static func scalar(_ text: String, as schema: JSONValue?, field: String) throws -> JSONValue {
        let types = types(schema)
        if types.contains("integer"), let integer = Int(text) { return JSONValue(integerLiteral: integer) }
        if types.contains("number"), let number = try? JSONValue(parsing: Array(text.utf8)), case .number = number {
            return number
        }
        if types.contains("boolean"), text == "true" || text == "false" { return .bool(text == "true") }
        if types.contains("object") || types.contains("array") { return try json(text, field: field) }
        if types.contains("string") || types.isEmpty { return .string(text) }
        throw WireError(.invalidArgument, "\(field) must be \(types.sorted().joined(separator: " or "))", field: field)
    }

    private static func json(_ text: String, field: String) throws -> JSONValue {
        do {
            return try JSONValue(parsing: Array(text.utf8))
        } catch {
            throw WireError(.invalidArgument, "\(field) must be JSON in a query", field: field)
        }
    }

    /// The JSON types a schema allows (`type` as a string or a list) but `null`, which a query cannot say (a member
    /// left out is absent); none for an untyped or enum-only schema.
    private static func types(_ schema: JSONValue?) -> Set<String> {
        switch schema?["type"] {
        case .string(let type)?: Set([type]).subtracting(["null"])
        case .array(let types)?: Set(types.compactMap(\.stringValue)).subtracting(["null"])
        default: []
        }
    }
}
