import CMalloc

/// The gateway process's settings for glibc's allocator (issue #28, docs/performance.md, "Both endpoints abused at once").
public enum AllocatorSettings {
    /// glibc's largest allowed mapping threshold on 64-bit systems (`DEFAULT_MMAP_THRESHOLD_MAX`).
    static let largestThreshold = 32 << 20

    /// The size from which blocks get a mapping of their own: just above the largest frame libzmq reads for the
    /// gateway (its buffer carries a small header), so every message buffer comes from the arenas.
    public static func mmapThreshold(largestFrame: Int) -> Int32 {
        let (padded, overflow) = largestFrame.addingReportingOverflow(64 << 10)
        return Int32(overflow ? largestThreshold : min(padded, largestThreshold))
    }

    /// Serves every message buffer, up to `largestFrame` bytes, from glibc's arenas, with a fixed threshold. Mapped
    /// blocks cost a page fault per 4 KiB on every message and a `munmap` when freed, which under a storm of 1 MiB
    /// messages was a third of the gateway's CPU; arena memory is reused at once, and ``IdleTrim`` gives it back
    /// when the storm ends. A fixed threshold also stops glibc from moving it as blocks come and go.
    /// Call once, before the sockets are made.
    public static func apply(largestFrame: Int) {
        _ = mallopt(M_MMAP_THRESHOLD, mmapThreshold(largestFrame: largestFrame))
    }
}
