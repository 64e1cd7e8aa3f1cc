/// When a connection must next have made progress, by what it is doing (sans-IO: the times come in, the
/// deadline comes out). A connection waits for a request for at most `idle`, then must send the whole request
/// head within `head` of its first byte, and the whole body within `body` of the head. While the bridge answers,
/// nothing is due: a Server-Sent Events stream lasts as long as it lasts, and so does a call with requests pipelined
/// behind it. Those are counted: the connection waits again only once every request read whole has been answered.
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

    /// How far the request being read has come.
    private enum Reading: Equatable {
        case nothing, head, body
    }

    let limits: Limits
    /// Requests read whole and not answered yet.
    private var unanswered = 0
    private var reading = Reading.nothing
    /// Whether the request being read was answered before its end (a 413 for a body too large).
    private var answeredEarly = false
    /// When the current phase began (or, for a request read behind unanswered ones, the last answer ended).
    private var since: ContinuousClock.Instant

    init(limits: Limits, now: ContinuousClock.Instant) {
        self.limits = limits
        since = now
    }

    /// What the connection is doing now.
    var phase: Phase {
        guard unanswered == 0 else { return .answering }
        switch reading {
        case .nothing: return .waiting
        case .head: return .readingHead
        case .body: return .readingBody
        }
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

    /// Bytes arrived: unless a request is being read, they start one's head. True when the deadline moved.
    mutating func bytesArrived(now: ContinuousClock.Instant) -> Bool {
        guard reading == .nothing else { return false }
        reading = .head
        since = now
        return unanswered == 0
    }

    /// A request's head was read whole.
    mutating func headRead(now: ContinuousClock.Instant) {
        reading = .body
        since = now
    }

    /// A request was read whole: the bridge answers it, unless it has already.
    mutating func requestRead(now: ContinuousClock.Instant) {
        if answeredEarly {
            answeredEarly = false
        } else {
            unanswered += 1
        }
        reading = .nothing
        since = now
    }

    /// A response ended: once every request read has its answer, the connection waits for the next, or goes on with
    /// the one being read, from now. A response with no request in hand answers the one being read, early.
    mutating func responseEnded(now: ContinuousClock.Instant) {
        if unanswered > 0 {
            unanswered -= 1
        } else if reading != .nothing {
            answeredEarly = true
        }
        if unanswered == 0 { since = now }
    }
}
