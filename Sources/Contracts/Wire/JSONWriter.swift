/// A value that writes its own JSON, skipping `Codable`'s generic machinery: for results whose encoding shows in a
/// profile. What it writes must equal what ``JSONCoding/encode(_:)`` writes for its `Encodable` form (members in
/// the order of their keys' UTF-8 bytes, `nil` members left out); give each conforming type a test that compares
/// the two.
public protocol JSONWritable: Encodable {
    /// Writes this value as one JSON value.
    func writeJSON(to writer: inout JSONWriter)
}

/// Writes compact JSON text straight to bytes. The caller writes object members in sorted key order.
///
/// ```swift
/// writer.object { members in
///     members.member("exact", true)
///     members.member("value", "2")
/// }
/// ```
public struct JSONWriter {
    /// The text so far.
    public private(set) var bytes: [UInt8] = []
    /// Whether the next member or element needs a comma before it.
    private var afterValue = false

    public init() { bytes.reserveCapacity(512) }

    /// A writer that goes on after `bytes` (a reply's opening, say), as if it were empty.
    init(appendingTo bytes: [UInt8]) { self.bytes = bytes }

    /// Writes an object whose members `body` writes.
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        open(UInt8(ascii: "{"))
        body(&self)
        close(UInt8(ascii: "}"))
    }

    /// Writes an array of `elements`.
    public mutating func array<Element: JSONWritable>(_ elements: [Element]) {
        open(UInt8(ascii: "["))
        for element in elements {
            separate()
            element.writeJSON(to: &self)
            afterValue = true
        }
        close(UInt8(ascii: "]"))
    }

    /// Writes an array of strings.
    public mutating func array(_ elements: [String]) {
        open(UInt8(ascii: "["))
        for element in elements {
            separate()
            JSONValue.writeString(element, to: &bytes)
            afterValue = true
        }
        close(UInt8(ascii: "]"))
    }

    /// Writes a string member; `nil` leaves the member out.
    public mutating func member(_ key: String, _ value: String?) {
        guard let value else { return }
        self.key(key)
        JSONValue.writeString(value, to: &bytes)
    }

    /// Writes a Boolean member.
    public mutating func member(_ key: String, _ value: Bool) {
        self.key(key)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// Writes an integer member.
    public mutating func member(_ key: String, _ value: Int) {
        self.key(key)
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        // The digits, last first, then copied in order: no `String` made for them.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var magnitude = value.magnitude
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Writes an integer member; `nil` leaves the member out.
    public mutating func member(_ key: String, _ value: Int?) {
        guard let value else { return }
        member(key, value)
    }

    /// Writes a member holding a parsed JSON value as it is (object members in the value's order).
    public mutating func member(_ key: String, _ value: JSONValue) {
        self.key(key)
        value.write(to: &bytes)
    }

    /// Writes a member whose value writes itself.
    public mutating func member(_ key: String, _ value: some JSONWritable) {
        self.key(key)
        value.writeJSON(to: &self)
    }

    /// Writes a member holding an array of values that write themselves.
    public mutating func member<Element: JSONWritable>(_ key: String, _ elements: [Element]) {
        self.key(key)
        array(elements)
    }

    /// Writes a member holding an array of strings.
    public mutating func member(_ key: String, _ elements: [String]) {
        self.key(key)
        array(elements)
    }

    /// Writes a member holding a string-keyed object with its keys in UTF-8 byte order, as every object Reckon
    /// writes; `write` writes each of its members.
    public mutating func member<Value>(
        _ key: String,
        sorting values: [String: Value],
        _ write: (inout JSONWriter, String, Value) -> Void
    ) {
        self.key(key)
        object { writer in
            for (name, value) in values.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                write(&writer, name, value)
            }
        }
    }

    private mutating func key(_ key: String) {
        separate()
        JSONValue.writeString(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        afterValue = true
    }

    private mutating func separate() {
        if afterValue { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        afterValue = false
    }

    private mutating func close(_ bracket: UInt8) {
        bytes.append(bracket)
        afterValue = true
    }
}
