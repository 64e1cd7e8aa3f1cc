import Tracing
import W3CTraceContext

/// OTLP's `ExportTraceServiceRequest` (opentelemetry-proto, `collector/trace/v1`) for one batch of spans from one
/// process, as protobuf: one resource, one instrumentation scope (`reckon`), the spans with their attributes, events,
/// links and status.
enum OTLPTraceRequest {
    static func encode(_ spans: [FinishedSpan], resource: [(key: String, value: String)]) -> [UInt8] {
        var writer = ProtobufWriter()
        writer.message(1) { resourceSpans in  // ResourceSpans
            resourceSpans.message(1) { message in  // Resource
                for (key, value) in resource { message.keyValue(1, key, .string(value)) }
            }
            resourceSpans.message(2) { scopeSpans in  // ScopeSpans
                scopeSpans.message(1) { $0.string(1, "reckon") }  // InstrumentationScope
                for span in spans { scopeSpans.message(2) { $0.span(span) } }
            }
        }
        return writer.bytes
    }
}

extension ProtobufWriter {
    fileprivate mutating func span(_ span: FinishedSpan) {
        id(1, span.trace.traceID.bytes)
        id(2, span.trace.spanID.bytes)
        string(3, span.trace.traceStateHeaderValue ?? "")
        if let parent = span.parentSpanID { id(4, parent.bytes) }
        string(5, span.name)
        varint(6, span.kind.otlpValue)
        fixed64(7, span.startNanoseconds)
        fixed64(8, span.endNanoseconds)
        attributes(9, span.attributes)
        for event in span.events {
            message(11) { message in
                message.fixed64(1, event.nanosecondsSinceEpoch)
                message.string(2, event.name)
                message.attributes(3, event.attributes)
            }
        }
        for link in span.links {
            guard let trace = link.context.spanIdentity?.trace else { continue }
            message(13) { message in
                message.id(1, trace.traceID.bytes)
                message.id(2, trace.spanID.bytes)
                message.string(3, trace.traceStateHeaderValue ?? "")
                message.attributes(4, link.attributes)
                message.fixed32(6, UInt32(trace.flags.rawValue))
            }
        }
        if let status = span.status {
            message(15) { message in
                message.string(2, status.message ?? "")
                message.varint(3, status.code == .ok ? 1 : 2)
            }
        }
        // Span.flags: the trace flags, and whether the parent is known to be remote (bit 8) and is (bit 9).
        let remote: UInt32 = span.parentSpanID == nil ? 0 : span.parentIsRemote ? 0x300 : 0x100
        fixed32(16, UInt32(span.trace.flags.rawValue) | remote)
    }

    fileprivate mutating func id<Bytes>(_ field: Int, _ id: Bytes) {
        withUnsafeBytes(of: id) { bytes(field, $0) }
    }

    fileprivate mutating func attributes(_ field: Int, _ attributes: SpanAttributes) {
        attributes.forEach { key, value in keyValue(field, key, value) }
    }

    fileprivate mutating func keyValue(_ field: Int, _ key: String, _ value: SpanAttribute) {
        message(field) { message in  // KeyValue
            message.string(1, key)
            message.message(2) { $0.anyValue(value) }
        }
    }

    /// AnyValue: a oneof, so each member is written even when it is its type's default.
    private mutating func anyValue(_ value: SpanAttribute) {
        switch value {
        case .string(let text): string(1, text, always: true)
        case .bool(let flag): varint(2, flag ? 1 : 0, always: true)
        case .int32(let number): varint(3, UInt64(bitPattern: Int64(number)), always: true)
        case .int64(let number): varint(3, UInt64(bitPattern: number), always: true)
        case .double(let number): double(4, number)
        case .stringArray(let texts): array(texts.map(SpanAttribute.string))
        case .boolArray(let flags): array(flags.map(SpanAttribute.bool))
        case .int32Array(let numbers): array(numbers.map(SpanAttribute.int32))
        case .int64Array(let numbers): array(numbers.map(SpanAttribute.int64))
        case .doubleArray(let numbers): array(numbers.map(SpanAttribute.double))
        case .stringConvertible(let value): string(1, "\(value)", always: true)
        case .stringConvertibleArray(let values): array(values.map { .string("\($0)") })
        default: string(1, "\(value)", always: true)
        }
    }

    private mutating func array(_ values: [SpanAttribute]) {
        message(5) { message in  // ArrayValue
            for value in values { message.message(1) { $0.anyValue(value) } }
        }
    }
}

extension SpanKind {
    /// OTLP's `Span.SpanKind` number.
    fileprivate var otlpValue: UInt64 {
        switch self {
        case .internal: 1
        case .server: 2
        case .client: 3
        case .producer: 4
        case .consumer: 5
        }
    }
}
