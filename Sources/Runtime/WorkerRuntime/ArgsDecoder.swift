import Foundation
import Wire

/// Decodes a request body's `args` into an op's argument type and turns decoding failures into
/// `invalid_argument` errors that name the field.
enum ArgsDecoder {
    /// Decodes a request's `args`; absent or `null` arguments decode as `{}`.
    /// - Throws: ``WireError`` with code `invalid_argument` naming the field, for a value of the wrong shape or a
    ///   string or map key with U+0000 (which `JSONValueDecoder` refuses; unknown members are ignored unread).
    static func decode<Args: Decodable>(_ type: Args.Type, from args: JSONValue?) throws -> Args {
        let json: JSONValue =
            switch args {
            case nil, .null?: .object(JSONObject())
            case let given?: given
            }
        do {
            return try JSONValueDecoder.decode(type, from: json, codingPath: [JSONCodingKey("args")])
        } catch let error as DecodingError {
            throw wireError(for: error)
        }
    }

    static func wireError(for error: DecodingError) -> WireError {
        switch error {
        case .keyNotFound(let key, let context):
            let field = path(context.codingPath + [key])
            return WireError(.invalidArgument, "\(field) is required", field: field)
        case .typeMismatch(let type, let context):
            let field = path(context.codingPath)
            return WireError(.invalidArgument, "\(field) must be \(describe(type))", field: field)
        case .valueNotFound(let type, let context):
            let field = path(context.codingPath)
            return WireError(.invalidArgument, "\(field) must be \(describe(type)), not null", field: field)
        case .dataCorrupted(let context):
            let field = path(context.codingPath)
            return WireError(.invalidArgument, "\(field): \(context.debugDescription)", field: field)
        @unknown default:
            return WireError(.invalidArgument, "arguments do not match the op's schema")
        }
    }

    /// The dotted field path without the leading `args`, e.g. `income.foreign` or `items[2].quantity`.
    private static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        // The root is `args`; a member named `args` below it (`records.save`'s) stays in the path.
        for key in codingPath.first?.stringValue == "args" ? codingPath.dropFirst() : codingPath[...] {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text.isEmpty ? "args" : text
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type: "an integer"
        case is Double.Type, is Decimal.Type: "a number"
        case is [String: JSONValue].Type: "an object"
        case is [JSONValue].Type: "an array"
        default: "of type \(type)"
        }
    }
}
