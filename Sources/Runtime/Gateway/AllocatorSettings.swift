import CMalloc

/// The gateway process's settings for glibc's allocator (issue #28, docs/performance.md, "Memory after a storm").
public enum AllocatorSettings {
    /// Blocks from this size up are mapped on their own and unmapped as soon as they are freed.
    static let mmapThreshold: Int32 = 128 * 1024

    /// Serves each block of ``mmapThreshold`` or more (a large message's buffer) from a mapping of its own. glibc's
    /// default threshold starts at the same 128 KiB but rises to the size of every mapped block freed, up to 32 MiB,
    /// so after a few 1 MiB messages they all came from the arenas, where freed memory stays. Setting it fixes it.
    /// Call once, before the sockets are made.
    public static func apply() {
        _ = mallopt(M_MMAP_THRESHOLD, mmapThreshold)
    }
}
