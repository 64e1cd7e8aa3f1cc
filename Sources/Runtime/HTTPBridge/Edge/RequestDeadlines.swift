/// When a connection must next have made progress, by what it is doing (sans-IO: the times come in, the
/// deadline comes out). A connection waits for a request for at most `idle`, then must send the whole request
/// head within `head` of its first byte, and the whole body within `body` of the head. While the bridge answers,
/// nothing is due: a Server-Sent Events stream lasts as long as it lasts.
struct RequestDeadlines: Sendable {
    /// How long each phase may last.
    struct Limits: Sendable, Equatable {
        /// From the connection's start, or the end of the last response, to the next request's first byte.
        var idle: Duration
        /// From a request's first byte to the end of its head (the request line and headers).
        var head: Duration
        /// From a request's head to the end of its body.
        var body: Duration
    }

    /// What the connection is doing.
    enum Phase: Sendable, Equatable {
        case waiting, readingHead, readingBody, answering
    }

    let limits: Limits
    private(set) var phase = Phase.waiting
    private var since: ContinuousClock.Instant

    init(limits: Limits, now: ContinuousClock.Instant) {
        self.limits = limits
        since = now
    }

    /// The moment the current phase runs out; nil while the bridge answers.
    var deadline: ContinuousClock.Instant? {
        switch phase {
        case .waiting: since + limits.idle
        case .readingHead: since + limits.head
        case .readingBody: since + limits.body
        case .answering: nil
        }
    }

    /// Bytes arrived: a waiting connection starts reading a head. True when the deadline moved.
    mutating func bytesArrived(now: ContinuousClock.Instant) -> Bool {
        guard phase == .waiting else { return false }
        phase = .readingHead
        since = now
        return true
    }

    /// A request's head was read whole.
    mutating func headRead(now: ContinuousClock.Instant) {
        phase = .readingBody
        since = now
    }

    /// A request was read whole: the bridge answers it.
    mutating func requestRead() {
        phase = .answering
    }

    /// A response ended: the connection waits for the next request, unless one is being read already.
    mutating func responseEnded(now: ContinuousClock.Instant) {
        guard phase == .answering else { return }
        phase = .waiting
        since = now
    }
}
