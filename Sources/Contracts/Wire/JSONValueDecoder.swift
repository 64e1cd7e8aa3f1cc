import Foundation

/// Decodes `Decodable` values straight from a parsed ``JSONValue``, without a second pass over the text.
///
/// It behaves like Foundation's `JSONDecoder` with default options, so decoding failures are the same
/// `DecodingError`s with the same coding paths, with two differences that keep Reckon's numbers exact: a
/// `Decimal` is read from the number's source text, and a ``JSONValue`` is handed over as written.
public enum JSONValueDecoder {
    /// Decodes `type` from `value`.
    /// - Parameter codingPath: where `value` sits in a larger document, for error paths.
    /// - Throws: `DecodingError`.
    public static func decode<T: Decodable>(
        _ type: T.Type,
        from value: JSONValue,
        codingPath: [any CodingKey] = []
    ) throws -> T {
        if let readable = type as? any JSONReadable.Type, let read = readable.init(readingJSON: value) {
            return read as! T
        }
        return try unbox(value, as: type, codingPath: codingPath)
    }

    /// Decodes bytes of UTF-8 JSON text.
    /// - Throws: `DecodingError.dataCorrupted` for text that is not JSON, else as ``decode(_:from:codingPath:)``.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: bytes)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "The given data was not valid JSON.", underlyingError: error)
            )
        }
        return try unbox(value, as: type, codingPath: [])
    }

    /// The one place values turn into Swift types: scalars directly, everything else through its `init(from:)`.
    /// The coding path is built only when it is needed: for a nested value or an error.
    static func unbox<T: Decodable>(
        _ value: JSONValue,
        as type: T.Type,
        codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> T {
        if let scalar = try scalar(value, as: type, codingPath) { return scalar }
        return try T(from: ValueDecoder(value: value, codingPath: codingPath()))
    }

    /// `value` as `T` when `T` is a scalar (string, bool, number, ``JSONValue``) or an object of ``JSONValue``s,
    /// else `nil`. Types are compared, not cast, which keeps the common case free of runtime casts.
    private static func scalar<T>(_ value: JSONValue, as type: T.Type, _ path: () -> [any CodingKey]) throws -> T? {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(String.self):
            guard case .string(let string) = value else { throw mismatch(String.self, value, path()) }
            if string.utf8.contains(0) { throw holdsNUL(path()) }
            return reinterpret(string, as: T.self)
        case ObjectIdentifier(Bool.self):
            guard case .bool(let bool) = value else { throw mismatch(Bool.self, value, path()) }
            return reinterpret(bool, as: T.self)
        case ObjectIdentifier(Int.self): return reinterpret(try integer(value, Int.self, path), as: T.self)
        case ObjectIdentifier(Decimal.self): return reinterpret(try decimal(value, path), as: T.self)
        case ObjectIdentifier(Double.self): return reinterpret(try floatingPoint(value, Double.self, path), as: T.self)
        case ObjectIdentifier(Float.self): return reinterpret(try floatingPoint(value, Float.self, path), as: T.self)
        case ObjectIdentifier(JSONValue.self):
            try refuseNUL(in: value, path)
            return reinterpret(value, as: T.self)
        case ObjectIdentifier([String: JSONValue].self):
            // What `Dictionary.init(from:)` would build member by member; anything but an object takes that path
            // for its error.
            guard case .object(let object) = value else { return nil }
            try refuseNUL(in: value, path)
            return reinterpret(object.dictionary, as: T.self)
        default:
            guard let integerType = type as? any FixedWidthInteger.Type else { return nil }
            return try integer(value, integerType, path) as? T
        }
    }

    private static func integer<I: FixedWidthInteger>(
        _ value: JSONValue,
        _ type: I.Type,
        _ codingPath: () -> [any CodingKey]
    ) throws -> I {
        guard case .number(let text) = value else { throw mismatch(type, value, codingPath()) }
        guard let integer = wholeNumber(text, as: type) else { throw doesNotFit(text, type, codingPath()) }
        return integer
    }

    /// The integer the JSON number `text` stands for: `1e3` and `2.0` are whole numbers too, as JSON Schema's
    /// `integer` says; `nil` for a fraction or a number that does not fit.
    static func wholeNumber<I: FixedWidthInteger>(_ text: String, as type: I.Type) -> I? {
        if let integer = I(text) { return integer }
        guard let decimal = Decimal(string: text, locale: posix), decimal.isWholeNumber else { return nil }
        return I(decimal.description)
    }

    private static func floatingPoint<F: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: JSONValue,
        _ type: F.Type,
        _ codingPath: () -> [any CodingKey]
    ) throws -> F {
        guard case .number(let text) = value else { throw mismatch(type, value, codingPath()) }
        guard let number = F(text), number.isFinite else { throw doesNotFit(text, type, codingPath()) }
        return number
    }

    private static func decimal(_ value: JSONValue, _ codingPath: () -> [any CodingKey]) throws -> Decimal {
        guard case .number(let text) = value else { throw mismatch(Decimal.self, value, codingPath()) }
        guard let decimal = Decimal(string: text, locale: posix) else {
            throw doesNotFit(text, Decimal.self, codingPath())
        }
        return decimal
    }

    /// Throws ``holdsNUL(_:)`` at the first string or member name in `value` with U+0000.
    private static func refuseNUL(in value: JSONValue, _ path: () -> [any CodingKey]) throws {
        switch value {
        case .string(let text) where text.utf8.contains(0):
            throw holdsNUL(path())
        case .array(let items):
            for (index, item) in items.enumerated() {
                try refuseNUL(in: item) { path() + [JSONCodingKey(index: index)] }
            }
        case .object(let object):
            for (key, member) in object.members {
                if key.utf8.contains(0) { throw holdsNUL(path() + [JSONCodingKey(key)]) }
                try refuseNUL(in: member) { path() + [JSONCodingKey(key)] }
            }
        default:
            break
        }
    }

    /// A string or member name with U+0000, which no Reckon value may hold: PostgreSQL cannot store it. Members a
    /// type does not decode are never looked at, so an unknown member is ignored whatever it holds.
    static func holdsNUL(_ codingPath: [any CodingKey]) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: "may not contain U+0000"))
    }

    private static func doesNotFit(_ text: String, _ type: Any.Type, _ codingPath: [any CodingKey]) -> DecodingError {
        .dataCorrupted(
            .init(codingPath: codingPath, debugDescription: "Parsed JSON number <\(text)> does not fit in \(type).")
        )
    }

    /// `typeMismatch` for a value of the wrong kind, `valueNotFound` for `null` (as `JSONDecoder` reports them).
    static func mismatch(_ type: Any.Type, _ value: JSONValue, _ codingPath: [any CodingKey]) -> DecodingError {
        if value == .null {
            return .valueNotFound(
                type,
                .init(codingPath: codingPath, debugDescription: "Expected \(type) value but found null instead.")
            )
        }
        return .typeMismatch(
            type,
            .init(
                codingPath: codingPath,
                debugDescription: "Expected to decode \(type) but found \(value.kind) instead."
            )
        )
    }

    private static let posix = Locale(identifier: "en_US_POSIX")
}

extension JSONValue {
    /// The JSON kind of this value, for error messages.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

extension Decimal {
    fileprivate var isWholeNumber: Bool {
        var value = self
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .plain)
        return rounded == self
    }
}
