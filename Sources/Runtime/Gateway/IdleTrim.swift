import CMalloc

/// Gives back to the system the memory glibc's arenas keep free after a storm: once a second, when the gateway read
/// fewer than ``quietMessages`` messages in that second and the arenas hold more than ``keptFree`` bytes free, it
/// calls `malloc_trim(0)`, which returns every free page of every arena. It runs on the gateway loop's thread.
struct IdleTrim {
    typealias Instant = ContinuousClock.Instant

    /// Free bytes the arenas may keep without a trim (16 MiB).
    static let keptFree = 16 << 20
    /// Messages in a second below which the gateway counts as quiet: heartbeats of hundreds of workers and a light load.
    static let quietMessages = 1000

    private var messages = 0
    private var windowEnd: Instant

    init(now: Instant) { windowEnd = now + .seconds(1) }

    /// Counts messages the loop read.
    mutating func count(_ received: Int) { messages += received }

    /// Ends the second when it is over, trimming if it was quiet and the arenas keep too much free.
    /// - Returns: the bytes the arenas held free before a trim, if one was done.
    mutating func tick(now: Instant) -> Int? {
        guard now >= windowEnd else { return nil }
        defer {
            messages = 0
            windowEnd = now + .seconds(1)
        }
        guard messages < Self.quietMessages else { return nil }
        let free = Int(mallinfo2().fordblks)
        guard free > Self.keptFree else { return nil }
        malloc_trim(0)
        return free
    }
}
