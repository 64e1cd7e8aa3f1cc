/// A strict RFC 8259 parser and compact serializer for ``JSONValue`` that keeps numbers as their source text.
extension JSONValue {
    /// Parses UTF-8 JSON text.
    /// - Parameter maximumDepth: nesting allowed before the input is refused (guards the stack against hostile input).
    /// - Throws: ``JSONParseError`` with the byte offset of the first problem.
    public init(parsing bytes: some Collection<UInt8>, maximumDepth: Int = 128) throws {
        var parser = JSONParser(bytes: Array(bytes), maximumDepth: maximumDepth)
        self = try parser.parseDocument()
    }

    /// Parses a JSON string.
    /// - Throws: ``JSONParseError``.
    public init(parsing text: String) throws {
        try self.init(parsing: Array(text.utf8))
    }

    /// Compact UTF-8 JSON for this value.
    public var serialized: [UInt8] {
        var output: [UInt8] = []
        write(to: &output)
        return output
    }

    /// Compact JSON text for this value.
    public var jsonText: String { String(decoding: serialized, as: UTF8.self) }

    /// Appends compact JSON for this value to `output`.
    public func write(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let elements): Self.writeArray(elements, to: &output) { $0.write(to: &$1) }
        case .object(let object): Self.writeObject(object.members, to: &output) { $0.write(to: &$1) }
        }
    }

    /// Appends `[a,b,...]`, each element written by `write`.
    static func writeArray<Element>(
        _ elements: some Sequence<Element>,
        to output: inout [UInt8],
        _ write: (Element, inout [UInt8]) -> Void
    ) {
        output.append(UInt8(ascii: "["))
        for (position, element) in elements.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            write(element, &output)
        }
        output.append(UInt8(ascii: "]"))
    }

    /// Appends `{"k":v,...}` with the members in the order given, each value written by `write`.
    static func writeObject<Value>(
        _ members: some Sequence<(key: String, value: Value)>,
        to output: inout [UInt8],
        _ write: (Value, inout [UInt8]) -> Void
    ) {
        output.append(UInt8(ascii: "{"))
        for (position, member) in members.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            writeString(member.key, to: &output)
            output.append(UInt8(ascii: ":"))
            write(member.value, &output)
        }
        output.append(UInt8(ascii: "}"))
    }

    static func writeString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            // Most strings need no escaping: the bytes before the first that does are copied whole.
            var clean = 0
            while clean < utf8.count, utf8[clean] >= 0x20, utf8[clean] != UInt8(ascii: "\""),
                utf8[clean] != UInt8(ascii: "\\")
            {
                clean += 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<clean]))
            for byte in utf8[clean...] { writeEscaped(byte, to: &output) }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func writeEscaped(_ byte: UInt8, to output: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), byte]
        case UInt8(ascii: "\n"): output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
        case UInt8(ascii: "\r"): output += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
        case UInt8(ascii: "\t"): output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
        case 0..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            output += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
        default: output.append(byte)
        }
    }
}

/// Where and why JSON text could not be parsed.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The byte offset of the problem.
    public let offset: Int
    public let reason: String
    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}
