import Synchronization
import W3CTraceContext

/// Random trace and span ids, without a system call each: wyrand (a 64-bit state, one multiply per number), seeded
/// from the system's generator, under a lock. W3C Trace Context asks ids to be random, not secret.
final class SpanIDGenerator: Sendable {
    private let state: Mutex<UInt64>

    init() {
        var system = SystemRandomNumberGenerator()
        state = Mutex(system.next())
    }

    /// A non-zero number: an id of zeros is invalid.
    private func next() -> UInt64 {
        while true {
            let seed = state.withLock { state in
                state &+= 0xa076_1d64_78bd_642f
                return state
            }
            let product = seed.multipliedFullWidth(by: seed ^ 0xe703_7ed1_a0b4_28db)
            if product.high ^ product.low != 0 { return product.high ^ product.low }
        }
    }

    func traceID() -> TraceID {
        var bytes = TraceID.null.bytes
        withUnsafeMutableBytes(of: &bytes) { raw in
            raw.storeBytes(of: next(), toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: next(), toByteOffset: 8, as: UInt64.self)
        }
        return TraceID(bytes: bytes)
    }

    func spanID() -> SpanID {
        var bytes = SpanID.null.bytes
        withUnsafeMutableBytes(of: &bytes) { $0.storeBytes(of: next(), as: UInt64.self) }
        return SpanID(bytes: bytes)
    }
}
