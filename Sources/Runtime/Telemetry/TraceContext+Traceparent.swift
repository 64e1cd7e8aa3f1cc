import W3CTraceContext

extension TraceContext {
    private static let digits: StaticString = "0123456789abcdef"

    /// `traceparent`'s value, `00-TRACEID-SPANID-FLAGS` in lowercase hex, written in one pass into one string.
    var traceparent: String {
        String(unsafeUninitializedCapacity: 55) { buffer in
            var index = 0
            func put(_ byte: UInt8) {
                buffer[index] = byte
                index += 1
            }
            func hex<Bytes>(_ bytes: Bytes) {
                withUnsafeBytes(of: bytes) { raw in
                    for byte in raw {
                        put(Self.digits.utf8Start[Int(byte >> 4)])
                        put(Self.digits.utf8Start[Int(byte & 0x0F)])
                    }
                }
            }
            put(UInt8(ascii: "0"))
            put(UInt8(ascii: "0"))
            put(UInt8(ascii: "-"))
            hex(traceID.bytes)
            put(UInt8(ascii: "-"))
            hex(spanID.bytes)
            put(UInt8(ascii: "-"))
            hex(flags.rawValue)
            return index
        }
    }

    /// The context a `traceparent` (and `tracestate`) names, read in one pass without copying, as W3C Trace Context
    /// says: lowercase hex, ids not all zeros, version `00` exactly 55 characters long, a later version (not `ff`)
    /// read by its first four fields. Nil when unreadable: the span then starts a new trace. A `tracestate` that
    /// cannot be read is dropped.
    init?(traceparent: String, tracestate: String?) {
        var traceparent = traceparent
        let parsed = traceparent.withUTF8 { text -> (TraceID, SpanID, TraceFlags)? in
            var version: UInt8 = 0
            guard text.count >= 55, withUnsafeMutableBytes(of: &version, { Self.hex(text, from: 0, into: $0) }),
                version == 0
                    ? text.count == 55 : version != 0xFF && (text.count == 55 || text[55] == UInt8(ascii: "-")),
                text[2] == UInt8(ascii: "-"), text[35] == UInt8(ascii: "-"), text[52] == UInt8(ascii: "-")
            else { return nil }
            var trace = TraceID.null.bytes
            var span = SpanID.null.bytes
            var flags: UInt8 = 0
            let read =
                withUnsafeMutableBytes(of: &trace) { Self.hex(text, from: 3, into: $0) }
                && withUnsafeMutableBytes(of: &span) { Self.hex(text, from: 36, into: $0) }
                && withUnsafeMutableBytes(of: &flags) { Self.hex(text, from: 53, into: $0) }
            let (traceID, spanID) = (TraceID(bytes: trace), SpanID(bytes: span))
            guard read, traceID != .null, spanID != .null else { return nil }
            return (traceID, spanID, TraceFlags(rawValue: flags))
        }
        guard let (traceID, spanID, flags) = parsed else { return nil }
        self.init(traceID: traceID, spanID: spanID, flags: flags, state: TraceState())
        if let tracestate, !tracestate.isEmpty {
            // The W3C package reads tracestate only beside a traceparent of its version.
            state =
                (try? TraceContext(traceParentHeaderValue: self.traceparent, traceStateHeaderValue: tracestate))?.state
                ?? TraceState()
        }
    }

    /// Reads `output.count` bytes as lowercase hex digits from `text` at `start`; false at any other character.
    private static func hex(
        _ text: UnsafeBufferPointer<UInt8>,
        from start: Int,
        into output: UnsafeMutableRawBufferPointer
    ) -> Bool {
        for index in 0..<output.count {
            guard let high = nibble(text[start + 2 * index]), let low = nibble(text[start + 2 * index + 1]) else {
                return false
            }
            output[index] = high << 4 | low
        }
        return true
    }

    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
