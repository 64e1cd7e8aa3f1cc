import ServiceContextModule
import W3CTraceContext

/// The W3C trace context of the current span, as a service context holds it: the span a process made
/// (``isRemote`` false), or the one a caller's `traceparent` named (true).
struct SpanIdentity: Sendable {
    var trace: TraceContext
    var isRemote: Bool
}

private enum SpanIdentityKey: ServiceContextKey {
    typealias Value = SpanIdentity
    static var nameOverride: String? { "reckon.span" }
}

extension ServiceContext {
    /// The current span's identity, if a span or a caller's context set one.
    var spanIdentity: SpanIdentity? {
        get { self[SpanIdentityKey.self] }
        set { self[SpanIdentityKey.self] = newValue }
    }
}
