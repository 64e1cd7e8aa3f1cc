/// A service's recent reply times, for its p99: a histogram of buckets a quarter of an octave wide, from 50 µs to
/// about 3 s (longer times count in the last), whose counts are halved every 1,024 replies, so it follows the last few
/// thousand. A reply costs a few integer operations; the p99 is read from the buckets again every 64 replies.
struct LatencyEstimate: Sendable {
    private static let bucketCount = 64
    private static let base = Duration.microseconds(50)
    private var counts = [Int](repeating: 0, count: bucketCount)
    private var total = 0
    private var sinceHalving = 0
    /// The p99 as last read, nil until the first reply.
    private(set) var p99: Duration?

    /// Counts a reply that took `elapsed`.
    mutating func record(_ elapsed: Duration) {
        counts[Self.bucket(of: elapsed)] += 1
        total += 1
        sinceHalving += 1
        if sinceHalving == 1024 {
            sinceHalving = 0
            for index in counts.indices { counts[index] /= 2 }
            total = counts.reduce(0, +)
        }
        if p99 == nil || sinceHalving % 64 == 0 { p99 = readP99() }
    }

    /// The upper bound of the bucket where the slowest 1 % of the counted replies begin.
    private func readP99() -> Duration? {
        guard total > 0 else { return nil }
        var slower = 0
        for bucket in counts.indices.reversed() {
            slower += counts[bucket]
            if slower * 100 > total { return Self.base * Self.upperBound(of: bucket) }
        }
        return Self.base
    }

    /// The bucket of a reply time of `elapsed`: under 4 units of ``base``, one per unit; above, four per octave, by
    /// the two bits after the leading one.
    private static func bucket(of elapsed: Duration) -> Int {
        let units = max(0, Int(elapsed / base))
        guard units >= 4 else { return units }
        let octave = Int.bitWidth - units.leadingZeroBitCount - 1
        return min(bucketCount - 1, octave * 4 + (units >> (octave - 2)) & 3)
    }

    /// The longest time that falls in `bucket`, in units of ``base``.
    private static func upperBound(of bucket: Int) -> Int {
        guard bucket >= 4 else { return bucket + 1 }
        let (octave, quarter) = bucket.quotientAndRemainder(dividingBy: 4)
        return (5 + quarter) << (octave - 2)
    }
}
