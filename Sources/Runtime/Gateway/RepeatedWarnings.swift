/// Says when a warning that keeps coming back is worth a log line: the first time, then at most once per interval,
/// with how many times it came since the last line. A worker refused in a loop writes one line a minute, not
/// hundreds a second; the exact count is on `/metrics` all the same.
struct RepeatedWarnings {
    typealias Instant = ContinuousClock.Instant

    /// The least time between two lines of one warning.
    let interval: Duration
    /// Warnings remembered at most; past this the oldest are forgotten (their next line comes at once).
    let capacity: Int
    private var lastLogged: [String: (at: Instant, since: Int)] = [:]

    init(interval: Duration = .seconds(60), capacity: Int = 1024) {
        self.interval = interval
        self.capacity = capacity
    }

    /// Notes `warning` at `now`: the number of times it came since its last line (this one included) when it is
    /// to be logged now, else nil.
    mutating func note(_ warning: String, now: Instant) -> Int? {
        if let last = lastLogged[warning], now - last.at < interval {
            lastLogged[warning]!.since += 1
            return nil
        }
        if lastLogged.count >= capacity, lastLogged[warning] == nil {
            lastLogged = lastLogged.filter { now - $0.value.at < interval }
        }
        let count = (lastLogged[warning]?.since ?? 0) + 1
        lastLogged[warning] = (now, 0)
        return count
    }
}
