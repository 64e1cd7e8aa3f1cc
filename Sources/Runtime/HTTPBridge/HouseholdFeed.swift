import Foundation
import LedgerAPI
import Logging
import Metrics
import ReckonClient
import Synchronization
import Wire

/// One household's live activity in this bridge: one `activity.wait` at a time, whatever the number of its
/// subscribers, each answer handed to every subscriber's bounded buffer. A subscriber whose buffer is full (a
/// client reading too slowly) is dropped: its stream ends and it resumes from its last event id when it comes back.
/// The waits take the subscribers' tokens in turn, so each subscriber's session and membership keep being checked;
/// the subscribers of a token the ledger refuses are dropped. The last entries sent are kept, so that a subscriber
/// joining after them gets what it missed.
final class HouseholdFeed: Sendable {
    /// What a subscriber's stream carries.
    enum Event: Sendable {
        case entry(ActivityView)
        /// Nothing happened for a while: the stream writes a comment, which also finds a client that has gone.
        case keepalive
    }

    /// A subscriber's events, and how it leaves.
    struct Subscription: Sendable {
        let events: AsyncStream<Event>
        let leave: @Sendable () -> Void

        /// A subscription whose events have already ended (the bridge is shutting down).
        static var ended: Subscription {
            let (events, continuation) = AsyncStream.makeStream(of: Event.self)
            continuation.finish()
            return Subscription(events: events, leave: {})
        }
    }

    /// Events a subscriber's buffer holds before the subscriber is dropped.
    static let bufferLimit = 256
    /// Entries kept for subscribers that join after them.
    static let recentLimit = 256
    /// How long each wait may last: the longest the ledger allows.
    static let waitMs = ActivityWaitOp.maximumWaitMs

    private struct Subscriber {
        let token: String?
        let continuation: AsyncStream<Event>.Continuation
    }

    private struct State {
        var subscribers: [Int: Subscriber] = [:]
        var nextID = 0
        /// The last cursor the waits have seen.
        var cursor = 0
        /// The last entries handed out, oldest first.
        var recent: [ActivityView] = []
        /// Which subscriber's token the next wait takes.
        var turn = 0
        var isWatching = false
    }

    let householdID: String
    private let client: ReckonClient
    private let logger: Logger
    private let state = Mutex(State())
    private static let dropped = Counter(label: "reckon_http_sse_dropped_total")

    init(householdID: String, client: ReckonClient, logger: Logger) {
        self.householdID = householdID
        self.client = client
        self.logger = logger
    }

    /// Whether the feed has no subscriber left.
    var isIdle: Bool { state.withLock { $0.subscribers.isEmpty } }

    /// Adds a subscriber that has seen every entry up to `cursor`: its stream starts with the kept entries after
    /// it. Nil when the kept entries no longer reach back to it: the caller reads what it missed with
    /// `activity.list`, then joins again. Starts the waits when they are not running; `watch` runs them.
    func join(token: String?, after cursor: Int, watch: @Sendable @escaping () async -> Void) -> Subscription? {
        let (subscription, start) = state.withLock { state -> (Subscription?, Bool) in
            let start = !state.isWatching
            if start {
                state.cursor = cursor
                state.recent = []
                state.isWatching = true
            }
            let missed = state.recent.filter { $0.cursor > cursor }
            guard state.cursor <= cursor || missed.first?.cursor == cursor + 1 else { return (nil, false) }
            let (events, continuation) = AsyncStream.makeStream(
                of: Event.self,
                bufferingPolicy: .bufferingOldest(Self.bufferLimit)
            )
            for entry in missed { continuation.yield(.entry(entry)) }
            state.nextID += 1
            let id = state.nextID
            state.subscribers[id] = Subscriber(token: token, continuation: continuation)
            return (Subscription(events: events, leave: { [self] in leave(id) }), start)
        }
        if start { Task { await watch() } }
        return subscription
    }

    /// Sends a keepalive to every subscriber.
    func keepAlive() {
        broadcast([.keepalive])
    }

    /// Ends every subscriber's stream (the bridge is shutting down).
    func closeAll() {
        for subscriber in state.withLock({ state in
            defer { state.subscribers = [:] }
            return state.subscribers.values
        }) {
            subscriber.continuation.finish()
        }
    }

    /// Runs the waits while there are subscribers: `retire` is asked, under the hub's lock, whether the feed may
    /// stop; it stops only once no subscriber is left.
    func watch(retire: @Sendable () -> Bool) async {
        var backoff = Duration.milliseconds(100)
        while let (token, cursor) = nextWait(retire: retire) {
            do {
                let page = try await client.call(
                    ActivityWaitOp.self,
                    .init(householdId: householdID, after: cursor, limit: 500, waitMs: Self.waitMs),
                    token: token
                )
                handOut(page)
                backoff = .milliseconds(100)
            } catch let error as WireError where [.unauthenticated, .notFound, .permissionDenied].contains(error.code) {
                drop(token: token, because: error)
            } catch {
                logger.info("activity wait failed; waiting again shortly", metadata: ["error": "\(error)"])
                try? await Task.sleep(for: backoff)
                backoff = min(backoff * 2, .seconds(2))
            }
        }
    }

    /// The token and cursor of the next wait, or nil (and the feed stopped) when no subscriber is left.
    private func nextWait(retire: () -> Bool) -> (token: String?, cursor: Int)? {
        if let next = state.withLock({ state -> (String?, Int)? in
            let ids = state.subscribers.keys.sorted()
            guard !ids.isEmpty else { return nil }
            state.turn = (state.turn + 1) % ids.count
            return (state.subscribers[ids[state.turn]]!.token, state.cursor)
        }) {
            return next
        }
        return retire() ? nil : nextWait(retire: retire)
    }

    /// Stops the waits if no subscriber is left; the hub calls it under its lock, so no one joins meanwhile.
    func stopIfIdle() -> Bool {
        state.withLock { state in
            guard state.subscribers.isEmpty else { return false }
            state.isWatching = false
            return true
        }
    }

    /// Keeps a wait's entries and hands them to every subscriber.
    func handOut(_ page: ActivityWaitOp.Result) {
        guard !page.entries.isEmpty else { return }
        state.withLock { state in
            state.cursor = max(state.cursor, page.cursor)
            state.recent = Array((state.recent + page.entries).suffix(Self.recentLimit))
        }
        broadcast(page.entries.map(Event.entry))
    }

    private func broadcast(_ events: [Event]) {
        state.withLock { state in
            for (id, subscriber) in state.subscribers {
                for event in events {
                    guard case .dropped = subscriber.continuation.yield(event) else { continue }
                    Self.dropped.increment()
                    subscriber.continuation.finish()
                    state.subscribers[id] = nil
                    break
                }
            }
        }
    }

    private func drop(token: String?, because error: WireError) {
        logger.info("activity subscribers dropped", metadata: ["household": "\(householdID)", "error": "\(error)"])
        state.withLock { state in
            for (id, subscriber) in state.subscribers where subscriber.token == token {
                subscriber.continuation.finish()
                state.subscribers[id] = nil
            }
        }
    }

    private func leave(_ id: Int) {
        state.withLock { $0.subscribers.removeValue(forKey: id) }?.continuation.finish()
    }
}
