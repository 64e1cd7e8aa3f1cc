import Foundation
import Logging
import ServiceLifecycle
import Storage
import Wire

/// Delivers a service's events to their subscribers, as a `Service` in each worker. It claims due subscriptions
/// with a lease (``WebhookStore``), each for one of its lanes, which sends the subscription's events after its cursor in
/// their order, one at a time, and logs every attempt in the transaction that moves the cursor on, so several
/// workers never send one subscription's events at once and a dead worker's subscriptions are taken over when its
/// lease runs out. A failed attempt is tried again on the ``RetrySchedule`` (or after the receiver's `Retry-After`),
/// holding back the events behind it; a 410 disables the subscription. Delivery is at least once: a worker that
/// dies between a receiver's answer and its commit leaves the event to be sent again, with the same `webhook-id`.
public struct WebhookRelay: Service {
    private let database: any Database
    private let store: WebhookStore
    private let source: any WebhookEventSource
    private let settings: WebhookRelaySettings
    private let signals: ChangeSignals
    private let key: String
    private let logger: Logger
    private let process = UUID.random().uuidString.lowercased()

    /// - Parameters:
    ///   - signals, key: where a committed change is announced (every change signals `key`), so an idle relay
    ///     sends at once.
    public init(
        database: any Database,
        store: WebhookStore,
        source: any WebhookEventSource,
        settings: WebhookRelaySettings,
        signals: ChangeSignals,
        key: String,
        logger: Logger
    ) {
        self.database = database
        self.store = store
        self.source = source
        self.settings = settings
        self.signals = signals
        self.key = key
        self.logger = logger
    }

    public func run() async {
        let sender = WebhookSender(allowPrivate: settings.allowPrivate)
        await cancelWhenGracefulShutdown { await scout(sender) }
        await sender.shutdown()
    }

    /// What a look found to do.
    private enum Turn: Sendable {
        case claimed(WebhookSubscription)
        /// Nothing now; the first due subscription falls due in this many milliseconds.
        case idle(Int64?)
    }

    /// Looks for due subscriptions and hands each it claims to a free lane, which delivers to it. One look runs at a
    /// time however many changes are announced (the signals that come during a look make one more), and none while
    /// no subscription is active at all: then it only asks whether one is, once a poll or when one is made in this
    /// process. So a worker whose service has no webhooks reads nothing more per write.
    private func scout(_ sender: WebhookSender) async {
        await withTaskGroup(of: Int.self) { lanes in
            var free = Array((0..<settings.lanes).reversed())
            var active = false
            while !Task.isCancelled {
                guard let lane = free.popLast() else {
                    if let done = await lanes.next() { free.append(done) }
                    continue
                }
                let owner = "\(process)/\(lane)"
                do {
                    if !active {
                        // Asked once a poll, and at each subscription made, resumed or redelivered in this process.
                        let found = try await WebhookStore.news.watch(store.newsKey, timeout: settings.poll) {
                            try await database.read { db in try await store.anyActive(in: db) } ? true : nil
                        }
                        active = found ?? false
                        guard active else {
                            free.append(lane)
                            continue
                        }
                    }
                    switch try await look(owner) {
                    case .claimed(let subscription):
                        lanes.addTask {
                            await self.work(subscription, owner, sender)
                            self.signals.signal(self.key)  // the scout looks again: more events, or a retry's time
                            return lane
                        }
                    case .idle(let due?):
                        free.append(lane)
                        try await Task.sleep(for: .milliseconds(due))
                    case .idle(nil), nil:
                        free.append(lane)
                        active = false  // a poll found nothing: is any subscription still active?
                    }
                } catch is CancellationError {
                    return
                } catch {
                    free.append(lane)
                    logger.info("webhook relay waits for the database", metadata: ["error": "\(error)"])
                    try? await Task.sleep(for: settings.poll)
                }
            }
        }
    }

    /// Claims a due subscription for `owner` at once, or after a signal of a change, or returns nil after a poll
    /// with nothing due (`.idle` for one due within the poll).
    private func look(_ owner: String) async throws -> Turn? {
        let poll = settings.poll.milliseconds
        return try await signals.watch(key, timeout: settings.poll) { () async throws -> Turn? in
            let turn = try await claimNext(owner)
            if case .idle(let due) = turn, (due ?? poll) >= poll { return nil }
            return turn
        }
    }

    /// Claims the subscription due first, if one is due now (its own lease too, left by an earlier turn that failed).
    private func claimNext(_ owner: String) async throws -> Turn {
        let now = WallClock.millisecondsSince1970()
        let found = try await database.read { db in
            try await store.nextDue(pending: source.pending, owner: owner, now: now, in: db)
        }
        guard let (id, due) = found else { return .idle(nil) }
        guard due <= now else { return .idle(due - now) }
        let until = now + settings.lease.milliseconds
        let claimed = try await database.write { db in
            try await store.claim(id, owner: owner, now: now, until: until, in: db)
        }
        return claimed.map(Turn.claimed) ?? .idle(0)
    }

    /// Delivers to `subscription` while a heartbeat renews the lease; stops at once when the lease is lost.
    private func work(_ subscription: WebhookSubscription, _ owner: String, _ sender: WebhookSender) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await heartbeat(subscription.id, owner) }
            group.addTask {
                do {
                    try await deliver(subscription, owner, sender)
                } catch {
                    logger.info(
                        "webhook delivery stopped",
                        metadata: ["webhook": "\(subscription.id)", "error": "\(error)"]
                    )
                }
            }
            await group.next()
            group.cancelAll()
        }
        guard Task.isCancelled else { return }
        // Shutting down mid-delivery: the lease is given up, so another worker need not wait for it to run out. Every
        // attempt already moved the cursor in its own transaction.
        let (database, store) = (database, store)
        await Task.detached {
            _ = try? await database.write { db in try await store.free(subscription.id, owner: owner, in: db) }
        }.value
    }

    /// Renews the lease every third of its length; returns when it cannot (the lease is lost, or the database gone).
    private func heartbeat(_ id: String, _ owner: String) async {
        let lease = settings.lease.milliseconds
        while (try? await Task.sleep(for: .milliseconds(lease / 3))) != nil {
            let until = WallClock.millisecondsSince1970() + lease
            let held = try? await database.write { db in try await store.renew(id, owner: owner, until: until, in: db) }
            guard held == true else {
                logger.info("webhook lease lost", metadata: ["webhook": "\(id)"])
                return
            }
        }
    }

    private func deliver(_ subscription: WebhookSubscription, _ owner: String, _ sender: WebhookSender) async throws {
        let s = subscription
        for seq in try await database.read({ db in try await store.redeliveries(s.id, in: db) }) {
            guard
                let event = try await database.read({ db in try await source.event(scope: s.scope, seq: seq, in: db) })
            else {
                try await database.write { db in try await store.dropRedelivery(s.id, seq: seq, in: db) }
                continue
            }
            let (attempt, next) = try await send(event, to: s, trigger: WebhookAttempt.redeliver, sender)
            let gone = attempt.outcome == "gone"
            let recorded = try await database.write { db in
                try await store.record(attempt, of: s.id, owner: owner, progress: gone ? next : nil, in: db)
            }
            guard recorded else { return }
            if gone {
                try await database.write { db in try await store.release(s.id, owner: owner, progress: next, in: db) }
                return
            }
        }
        var progress = WebhookStore.Progress(
            cursor: s.cursor,
            failures: s.failures,
            nextAt: WallClock.millisecondsSince1970()
        )
        while !Task.isCancelled {
            let cursor = progress.cursor
            let events = try await database.read { db in
                try await source.events(scope: s.scope, after: cursor, limit: 100, in: db)
            }
            guard !events.isEmpty else { break }
            for event in events {
                guard s.wants(event.type) else {
                    progress.cursor = event.seq
                    continue
                }
                let (attempt, next) = try await send(
                    event,
                    to: s,
                    trigger: WebhookAttempt.schedule,
                    sender,
                    from: progress
                )
                let moved = try await database.write { db in
                    try await store.record(attempt, of: s.id, owner: owner, progress: next, in: db)
                }
                guard moved else { return }
                progress = next
                if attempt.outcome == "failed" || attempt.outcome == "gone" {
                    try await database.write { db in try await store.release(s.id, owner: owner, progress: next, in: db)
                    }
                    return
                }
            }
        }
        let done = progress
        try await database.write { db in try await store.release(s.id, owner: owner, progress: done, in: db) }
    }

    /// Sends `event` to `subscription`; returns the attempt to log and where the subscription then stands, moved on
    /// from `progress` (a redelivery has none: it moves nothing, unless the receiver answers 410).
    private func send(
        _ event: WebhookEvent,
        to subscription: WebhookSubscription,
        trigger: String,
        _ sender: WebhookSender,
        from progress: WebhookStore.Progress? = nil
    ) async throws -> (WebhookAttempt, WebhookStore.Progress) {
        let failures = progress?.failures ?? 0
        let id = WebhookEvent.messageID(scope: subscription.scope, seq: event.seq)
        let at = WallClock.millisecondsSince1970()
        let outcome = await sender.send(
            url: subscription.url,
            id: id,
            timestamp: at / 1000,
            body: event.body,
            secret: subscription.secret
        )
        try Task.checkCancellation()
        let now = WallClock.millisecondsSince1970()
        var next = progress ?? WebhookStore.Progress(cursor: subscription.cursor, failures: 0, nextAt: now)
        let kind: String
        if outcome.delivered {
            (kind, next.cursor, next.failures, next.nextAt) = ("delivered", event.seq, 0, now)
        } else if outcome.status == 410 {
            (kind, next.disabled) = ("gone", "the receiver answered 410 Gone")
        } else if trigger == WebhookAttempt.redeliver {
            kind = "failed"
        } else if let delay = settings.schedule.delay(afterFailures: failures + 1) {
            (kind, next.failures, next.nextAt) = ("failed", failures + 1, now + (outcome.retryAfter ?? delay))
        } else {
            (kind, next.cursor, next.failures, next.nextAt) = ("gave_up", event.seq, 0, now)
        }
        let attempt = WebhookAttempt(
            number: 0,
            eventSeq: event.seq,
            eventType: event.type,
            messageID: id,
            trigger: trigger,
            outcome: kind,
            status: outcome.status,
            error: outcome.error,
            at: at,
            milliseconds: outcome.milliseconds
        )
        return (attempt, next)
    }
}
