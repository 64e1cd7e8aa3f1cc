/// Protocol Buffers' wire format, just what an OTLP export request needs: varints, fixed64 and fixed32 numbers,
/// length-delimited bytes, and nested messages (written in place, their length put in front after).
struct ProtobufWriter {
    private(set) var bytes: [UInt8] = []

    private enum WireType: UInt64 {
        case varint = 0
        case fixed64 = 1
        case lengthDelimited = 2
        case fixed32 = 5
    }

    private mutating func tag(_ field: Int, _ type: WireType) {
        varint(UInt64(field) << 3 | type.rawValue)
    }

    private mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// A varint field (uint32, uint64, int64, bool and enums), left out when zero, as proto3 writes defaults, unless
    /// `always` (a oneof member must be written to be set).
    mutating func varint(_ field: Int, _ value: UInt64, always: Bool = false) {
        guard always || value != 0 else { return }
        tag(field, .varint)
        varint(value)
    }

    mutating func fixed64(_ field: Int, _ value: UInt64) {
        guard value != 0 else { return }
        tag(field, .fixed64)
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func fixed32(_ field: Int, _ value: UInt32) {
        guard value != 0 else { return }
        tag(field, .fixed32)
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func double(_ field: Int, _ value: Double) {
        tag(field, .fixed64)
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// A string field, left out when empty unless `always` (a oneof member must be written to be set).
    mutating func string(_ field: Int, _ value: String, always: Bool = false) {
        guard always || !value.isEmpty else { return }
        var value = value
        value.withUTF8 { self.bytes(field, $0) }
    }

    mutating func bytes(_ field: Int, _ value: UnsafeRawBufferPointer) {
        tag(field, .lengthDelimited)
        varint(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    mutating func bytes(_ field: Int, _ value: UnsafeBufferPointer<UInt8>) {
        bytes(field, UnsafeRawBufferPointer(value))
    }

    /// A nested message field: `body` writes the message's own fields. One byte is kept for the length, enough below
    /// 128 bytes; a longer message moves over to make room for the rest.
    mutating func message(_ field: Int, _ body: (inout ProtobufWriter) -> Void) {
        tag(field, .lengthDelimited)
        let slot = bytes.count
        bytes.append(0)
        body(&self)
        let length = UInt64(bytes.count - slot - 1)
        var width = 1
        while length >> (7 * width) != 0 { width += 1 }
        if width > 1 { bytes.insert(contentsOf: repeatElement(0, count: width - 1), at: slot) }
        for index in 0..<width {
            let more: UInt8 = index < width - 1 ? 0x80 : 0
            bytes[slot + index] = UInt8(truncatingIfNeeded: length >> (7 * index)) & 0x7F | more
        }
    }
}
