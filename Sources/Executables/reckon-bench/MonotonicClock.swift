#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The monotonic clock as plain nanoseconds, cheap enough to read twice per request on the load thread.
enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed point (`CLOCK_MONOTONIC`).
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
