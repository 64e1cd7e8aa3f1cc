import ZeroMQ

/// Drives a ``LoadTransport`` on the calling thread: every client keeps exactly one request in flight and sends its
/// next one as soon as its reply arrives.
///
/// A run warms up, then measures, then waits for the requests still in flight (their replies are checked but not
/// recorded).
/// Latency is timed from just before a send to the moment its FINAL is read; throughput is the replies read during
/// the measured phase over its length. Once a second a progress line goes to stderr.
final class LoadGenerator<Transport: LoadTransport> {
    private enum Phase { case warmup, measure, drain }

    private let transport: Transport
    private let plan: LoadPlan
    private var recorder = LatencyRecorder()
    private var sentAt: [UInt64]
    private var phase = Phase.warmup
    private var phaseStart: UInt64 = 0
    private var phaseReplies = 0
    private var measureStart: UInt64 = 0
    private var measureEnd: UInt64 = 0
    private var inFlight = 0
    private var replies = 0
    private var lastReplyAt: UInt64 = 0

    /// The longest a poll waits, so time-based phase ends and heartbeats are never late by more than this.
    private static var pollCeiling: UInt64 { 100_000_000 }

    init(transport: Transport, plan: LoadPlan) {
        self.transport = transport
        self.plan = plan
        sentAt = Array(repeating: 0, count: plan.clients)
    }

    /// Runs the plan to the end.
    /// - Returns: the measured phase's figures.
    /// - Throws: ``BenchError`` when no reply comes within the stall timeout, or what the transport throws.
    func run() throws -> LoadResult {
        var poller = ZMQPoller()
        try transport.prepare(clients: plan.clients, poller: &poller)
        let start = MonotonicClock.now()
        var progress = ProgressLine(plan: plan, start: start)
        enter(plan.warmup.isEmpty ? .measure : .warmup, now: start)
        lastReplyAt = start
        for client in 0..<plan.clients where mayStartRequest {
            try send(client)
        }
        while phase != .drain || inFlight > 0 {
            try poller.poll(timeoutMilliseconds: pollTimeout(now: MonotonicClock.now()))
            try transport.receive(poller) { client, outcome in try complete(client, outcome) }
            let now = MonotonicClock.now()
            advance(now: now)
            try transport.tick(now: now)
            if plan.showsProgress {
                progress.update(now: now, replies: replies, measured: recorder.replies > 0 ? recorder : nil)
            }
            if inFlight > 0, now - lastReplyAt > plan.stallTimeout.nanoseconds {
                throw BenchError("no reply for \(plan.stallTimeout) with \(inFlight) requests in flight (\(plan.path))")
            }
        }
        return recorder.result(plan: plan, nanoseconds: measureEnd - measureStart)
    }

    // MARK: - Requests

    private func send(_ client: Int) throws {
        sentAt[client] = MonotonicClock.now()
        try transport.send(client: client)
        inFlight += 1
    }

    private func complete(_ client: Int, _ outcome: ReplyOutcome) throws {
        if case .partial = outcome { return }
        let now = MonotonicClock.now()
        inFlight -= 1
        replies += 1
        lastReplyAt = now
        advance(now: now)
        if phase == .measure {
            recorder.record(now - sentAt[client], outcome)
        } else {
            try Self.checkUnmeasured(outcome)
        }
        guard phase != .drain else { return }
        phaseReplies += 1
        advance(now: now)
        if mayStartRequest { try send(client) }
    }

    /// A warm-up or drain reply is not timed, but a wrong one still fails the run: the figures would be of another
    /// answer than the one asked for.
    private static func checkUnmeasured(_ outcome: ReplyOutcome) throws {
        switch outcome {
        case .ok, .partial: return
        case .error(let body):
            let text = String(decoding: body.prefix(300), as: UTF8.self)
            throw BenchError("a reply outside the measured phase was not the expected answer: \(text)")
        case .malformed: throw BenchError("a reply outside the measured phase was no Majordomo FINAL for its request")
        }
    }

    /// Whether a client whose reply just came may send again.
    private var mayStartRequest: Bool {
        switch phase {
        case .warmup: true
        case .measure:
            if case .replies(let count) = plan.measure { phaseReplies + inFlight < count } else { true }
        case .drain: false
        }
    }

    // MARK: - Phases

    private var budget: Budget? {
        switch phase {
        case .warmup: plan.warmup
        case .measure: plan.measure
        case .drain: nil
        }
    }

    /// Moves to the next phase while the current one's budget is spent.
    private func advance(now: UInt64) {
        while let budget, isSpent(budget, now: now) {
            enter(phase == .warmup ? .measure : .drain, now: end(of: budget, now: now))
        }
    }

    private func isSpent(_ budget: Budget, now: UInt64) -> Bool {
        switch budget {
        case .time(let span): now >= phaseStart + span.nanoseconds
        case .replies(let count): phaseReplies >= count
        }
    }

    /// When a spent phase ended: exactly at its time budget, or at the reply that completed its count.
    private func end(of budget: Budget, now: UInt64) -> UInt64 {
        if case .time(let span) = budget { return min(now, phaseStart + span.nanoseconds) }
        return now
    }

    private func enter(_ next: Phase, now: UInt64) {
        phase = next
        phaseStart = now
        phaseReplies = 0
        switch next {
        case .warmup: break
        case .measure: measureStart = now
        case .drain: measureEnd = now
        }
    }

    private func pollTimeout(now: UInt64) -> Int {
        var wake = now + Self.pollCeiling
        if case .time(let span) = budget { wake = min(wake, phaseStart + span.nanoseconds) }
        return wake > now ? Int((wake - now + 999_999) / 1_000_000) : 0
    }
}
