import Foundation

/// Reads one top-level member of a JSON object in place, without building the document: what a router reads of a
/// body it forwards unparsed and must still answer itself now and then (a request's `id` for a failure reply).
///
/// The scan reads the object's members in order, skipping each value by its brackets and quotes (strings with
/// `memchr`, so a megabyte of string costs microseconds), and stops at the first member with the key. It reads no
/// further, so a document that is malformed only after that member still yields it; one malformed before it yields
/// nothing. Skipped values are not validated.
///
/// ```swift
/// body.withBytes(at: 0) { JSONMemberScan.string(named: "id", in: $0) }  // "c-17" for {"op":"evaluate","id":"c-17"}
/// ```
public enum JSONMemberScan {
    /// The first top-level member `key`'s value when it is a string, or `nil` when the bytes do not start as a JSON
    /// object that reaches such a member (absent, another type, or malformed before it).
    public static func string(named key: String, in bytes: UnsafeRawBufferPointer) -> String? {
        var scanner = Scanner(bytes: bytes)
        guard let value = scanner.member(named: Array(key.utf8)), value.first == UInt8(ascii: "\"") else { return nil }
        return (try? JSONValue(parsing: value))?.stringValue
    }

    /// Where the first top-level member `key`'s value lies in the bytes, as written (a string with its quotes), or
    /// `nil` when the bytes do not start as a JSON object that reaches that member.
    public static func range(named key: String, in bytes: UnsafeRawBufferPointer) -> Range<Int>? {
        var scanner = Scanner(bytes: bytes)
        return scanner.member(named: Array(key.utf8)).map { $0.startIndex..<$0.endIndex }
    }

    /// Whether the bytes start as a JSON object that reaches a top-level member `key`, of any type.
    public static func contains(named key: String, in bytes: UnsafeRawBufferPointer) -> Bool {
        var scanner = Scanner(bytes: bytes)
        return scanner.member(named: Array(key.utf8)) != nil
    }

    /// A cursor over the bytes; every method returns `nil` (or `false`) at a syntax error or the end.
    private struct Scanner {
        let bytes: UnsafeRawBufferPointer
        var position = 0

        init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        /// The raw bytes of the value of the first top-level member whose key is `key` (compared unescaped).
        mutating func member(named key: [UInt8]) -> UnsafeRawBufferPointer.SubSequence? {
            guard take(UInt8(ascii: "{")) else { return nil }
            if take(UInt8(ascii: "}")) { return nil }
            while true {
                guard peek() == UInt8(ascii: "\""), let keyText = skipString() else { return nil }
                let matches = matchesKey(keyText, key)
                guard take(UInt8(ascii: ":")), let valueStart = startOfValue() else { return nil }
                guard skipValue() else { return nil }
                if matches { return bytes[valueStart..<position] }
                guard take(UInt8(ascii: ",")) else { return nil }
            }
        }

        /// Whether a key as written (with its quotes) is `key`: byte for byte, or once unescaped.
        private func matchesKey(_ written: UnsafeRawBufferPointer.SubSequence, _ key: [UInt8]) -> Bool {
            let inner = written.dropFirst().dropLast()
            if !inner.contains(UInt8(ascii: "\\")) { return inner.elementsEqual(key) }
            return (try? JSONValue(parsing: written))?.stringValue.map { Array($0.utf8) == key } ?? false
        }

        /// The next byte after whitespace, without taking it.
        private mutating func peek() -> UInt8? {
            while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
            return position < bytes.count ? bytes[position] : nil
        }

        /// Takes `byte` if it comes next (after whitespace).
        private mutating func take(_ byte: UInt8) -> Bool {
            guard peek() == byte else { return false }
            position += 1
            return true
        }

        /// Where the next value starts (after whitespace), if anything follows.
        private mutating func startOfValue() -> Int? { peek() == nil ? nil : position }

        /// Skips one value: a string, an object or array (by its brackets), or a number or literal (to the next
        /// delimiter).
        private mutating func skipValue() -> Bool {
            switch bytes[position] {
            case UInt8(ascii: "\""): return skipString() != nil
            case UInt8(ascii: "{"), UInt8(ascii: "["): return skipNested()
            default:
                let start = position
                while position < bytes.count, !Self.endsLiteral(bytes[position]) { position += 1 }
                return position > start
            }
        }

        private static func isWhitespace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        /// Whether `byte` ends a number or literal: a comma, a closing bracket or whitespace.
        private static func endsLiteral(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || isWhitespace(byte)
        }

        /// Skips an object or array, counting brackets outside strings.
        private mutating func skipNested() -> Bool {
            var depth = 0
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: "\""):
                    guard skipString() != nil else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        position += 1
                        return true
                    }
                default: break
                }
                position += 1
            }
            return false
        }

        /// Skips a string starting at its opening quote; returns it as written, quotes included.
        private mutating func skipString() -> UnsafeRawBufferPointer.SubSequence? {
            let start = position
            var search = position + 1
            while search < bytes.count, let base = bytes.baseAddress {
                guard let found = memchr(base + search, Int32(UInt8(ascii: "\"")), bytes.count - search) else {
                    return nil
                }
                let quote = base.distance(to: UnsafeRawPointer(found))
                var backslashes = 0
                while quote - backslashes - 1 > start, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") {
                    backslashes += 1
                }
                search = quote + 1
                if backslashes.isMultiple(of: 2) {
                    position = search
                    return bytes[start..<search]
                }
            }
            return nil
        }
    }
}
