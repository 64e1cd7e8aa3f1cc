import ZeroMQ

/// The broker's per-client state under ``ClientLimits``: a token bucket and a count of pending requests for each
/// routing id, under the table's limits or the client's own (``assign(_:limits:now:)``: the limits its CURVE key
/// was given). A client is forgotten once it has nothing pending and its bucket is full again (forgetting it then
/// changes nothing), so the table holds only clients active in the last `burst / rate` seconds, and never more than
/// ``ClientLimits/maximumTracked``.
struct ClientTable: Sendable {
    typealias Instant = ContinuousClock.Instant

    private struct Entry: Sendable {
        var limits: ClientLimits
        var bucket: TokenBucket?
        var pending = 0
        var pendingBytes = 0
        /// When the client last sent something: the idle seen longest ago make room first.
        var seen: Instant
    }

    /// Every client's limits but those with their own.
    let limits: ClientLimits
    private var entries: [ZMQRoutingID: Entry] = [:]

    init(limits: ClientLimits) {
        self.limits = limits
    }

    /// Clients tracked now.
    var count: Int { entries.count }

    /// Takes a token from `client`'s bucket.
    /// - Returns: `nil` when one was taken, else ``BrokerFailure/rateLimited(retryAfterSeconds:)``, also when a new
    ///   client finds no room in the table.
    mutating func admit(_ client: ZMQRoutingID, now: Instant) -> BrokerFailure? {
        let limits = limits(of: client)
        guard limits.limitsRate else { return nil }
        guard track(client, limits: limits, now: now) else { return .rateLimited(retryAfterSeconds: 1) }
        entries[client]!.seen = now
        let wait = entries[client]!.bucket!.take(rate: limits.rate, burst: limits.burst, now: now)
        return wait.map { .rateLimited(retryAfterSeconds: max(1, Int($0.rounded(.up)))) }
    }

    /// Counts a request of `client` holding `bytes` as pending, unless it has as many pending, or as many bytes, as it
    /// may.
    /// - Returns: `nil` when the request was counted, which ``release(_:bytes:)`` undoes; else
    ///   ``BrokerFailure/tooManyPending`` (also when a new client finds no room in the table) or
    ///   ``BrokerFailure/overByteBudget(_:)``.
    mutating func hold(_ client: ZMQRoutingID, bytes: Int, now: Instant) -> BrokerFailure? {
        let limits = limits(of: client)
        guard limits.limitsPending else { return nil }
        guard track(client, limits: limits, now: now) else { return .tooManyPending }
        let entry = entries[client]!
        if limits.maximumPending > 0, entry.pending >= limits.maximumPending { return .tooManyPending }
        if limits.maximumPendingBytes > 0, entry.pendingBytes + bytes > limits.maximumPendingBytes {
            return .overByteBudget(.client)
        }
        entries[client]!.pending += 1
        entries[client]!.pendingBytes += bytes
        return nil
    }

    /// `bytes` of a request ``hold(_:bytes:now:)`` counted were let go; with `request`, the request itself has left
    /// the broker.
    mutating func release(_ client: ZMQRoutingID, bytes: Int, request: Bool = true) {
        guard var entry = entries[client], entry.limits.limitsPending else { return }
        entry.pending = max(0, entry.pending - (request ? 1 : 0))
        entry.pendingBytes = max(0, entry.pendingBytes - bytes)
        entries[client] = entry.pending == 0 && entry.bucket == nil ? nil : entry
    }

    /// Forgets every client with nothing pending whose bucket is full at `now`.
    mutating func sweep(now: Instant) {
        entries = entries.filter { !isForgettable($0.value, at: now) }
    }

    /// Gives `client` limits of its own, from now until it is forgotten (a new client is tracked at once, when there
    /// is room; one already tracked keeps its counts).
    mutating func assign(_ client: ZMQRoutingID, limits own: ClientLimits, now: Instant) {
        guard var entry = entries[client] else {
            _ = track(client, limits: own, now: now)
            return
        }
        guard entry.limits != own else { return }
        entry.limits = own
        entry.bucket = own.limitsRate ? entry.bucket ?? TokenBucket(burst: own.burst, now: now) : nil
        entries[client] = entry
    }

    /// The limits `client` is held to: its own, else the table's.
    func limits(of client: ZMQRoutingID) -> ClientLimits {
        entries[client]?.limits ?? limits
    }

    private func isForgettable(_ entry: Entry, at now: Instant) -> Bool {
        entry.pending == 0
            && (entry.bucket?.isFull(rate: entry.limits.rate, burst: entry.limits.burst, at: now) ?? true)
    }

    /// Makes sure `client` has an entry (under `own` limits when new), making room when the table is full.
    /// - Returns: `false` when there is no room: every tracked client has requests pending.
    private mutating func track(_ client: ZMQRoutingID, limits own: ClientLimits, now: Instant) -> Bool {
        guard entries[client] == nil else { return true }
        if entries.count >= limits.maximumTracked { makeRoom(now: now) }
        guard entries.count < limits.maximumTracked else { return false }
        let bucket = own.limitsRate ? TokenBucket(burst: own.burst, now: now) : nil
        entries[client] = Entry(limits: own, bucket: bucket, seen: now)
        return true
    }

    /// Forgets forgettable clients, then idle ones seen longest ago, down to seven eighths of the cap, so a flood of
    /// new routing ids pays for this scan once per eighth of the table rather than once per id.
    private mutating func makeRoom(now: Instant) {
        sweep(now: now)
        let target = limits.maximumTracked - max(1, limits.maximumTracked / 8)
        guard entries.count > target else { return }
        let idle = entries.filter { $0.value.pending == 0 }.sorted { $0.value.seen < $1.value.seen }
        for (client, _) in idle.prefix(entries.count - target) { entries[client] = nil }
    }
}
