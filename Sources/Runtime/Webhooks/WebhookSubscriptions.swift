import Foundation
import Storage
import Wire

/// What the `webhooks.*` ops do, for any service: each op's handler checks who may call it, names the scope (a
/// household, or `orders`), and calls one of these inside its transaction.
public struct WebhookSubscriptions: Sendable {
    private let store: WebhookStore
    private let source: any WebhookEventSource
    private let types: WebhookEventTypes
    private let allowPrivate: Bool
    private let limit: Int

    /// - Parameters:
    ///   - types: the event types the service's webhooks may name.
    ///   - allowPrivate: whether loopback and private targets are allowed (``WebhookTarget``).
    ///   - limit: the most webhooks one scope may have.
    public init(
        store: WebhookStore,
        source: any WebhookEventSource,
        types: WebhookEventTypes,
        allowPrivate: Bool,
        limit: Int
    ) {
        self.store = store
        self.source = source
        self.types = types
        self.allowPrivate = allowPrivate
        self.limit = limit
    }

    /// `webhooks.subscribe`: a new webhook of `scope` from the scope's next event on, answered with its secret.
    /// - Throws: `invalid_argument` for a `url`, `events` or `secret` that is not one; `resource_exhausted` when the
    ///   scope has ``limit`` webhooks.
    public func subscribe(
        scope: String,
        url: String,
        events: [String],
        secret: String?,
        createdBy: String,
        in db: any SQLExecutor
    ) async throws -> WebhookView {
        do {
            _ = try WebhookTarget(url: url, allowPrivate: allowPrivate)
        } catch let refused as WebhookTarget.Refusal {
            throw WireError(.invalidArgument, "url: \(refused.reason)", field: "url")
        }
        let most = WebhookEventTypes.patternLimit
        guard (1...most).contains(events.count) else {
            throw WireError(.invalidArgument, "events names 1 to \(most) types", field: "events")
        }
        if let bad = events.first(where: { !types.allows($0) }) {
            throw WireError(
                .invalidArgument,
                "events: \(bad) is not *, family.* or family.verb, of " + types.families.joined(separator: ", "),
                field: "events"
            )
        }
        let key = try secret.map { text in
            guard let key = WebhookSecret(text: text) else {
                throw WireError(.invalidArgument, "secret is whsec_ and the base64 of 24 to 64 bytes", field: "secret")
            }
            return key
        }
        guard try await store.list(scope: scope, in: db).count < limit else {
            throw WireError(.resourceExhausted, "\(scope) has \(limit) webhooks, the most it may", field: "url")
        }
        let now = WallClock.millisecondsSince1970()
        let subscription = WebhookSubscription(
            id: "wh_" + UUID.random().uuidString.lowercased(),
            scope: scope,
            url: url,
            secret: key ?? .random(),
            events: events.reduce(into: []) { kept, pattern in if !kept.contains(pattern) { kept.append(pattern) } },
            state: "active",
            reason: nil,
            createdBy: createdBy,
            createdAt: now,
            cursor: try await source.head(scope: scope, in: db),
            failures: 0,
            nextAt: now,
            attempts: 0
        )
        try await store.insert(subscription, in: db)
        return subscription.view(showingSecret: true)
    }

    /// `webhooks.list`.
    public func list(scope: String, in db: any SQLExecutor) async throws -> WebhookList {
        WebhookList(webhooks: try await store.list(scope: scope, in: db).map { $0.view(showingSecret: false) })
    }

    /// `webhooks.unsubscribe`: the webhook as it was.
    /// - Throws: `not_found` (field `webhookId`).
    public func unsubscribe(_ id: String, scope: String, in db: any SQLExecutor) async throws -> WebhookView {
        let subscription = try await find(id, scope: scope, in: db)
        _ = try await store.delete(id, scope: scope, in: db)
        return subscription.view(showingSecret: false)
    }

    /// `webhooks.resume`: the webhook, active again from the event it stopped at.
    /// - Throws: `not_found` (field `webhookId`).
    public func resume(_ id: String, scope: String, in db: any SQLExecutor) async throws -> WebhookView {
        _ = try await find(id, scope: scope, in: db)
        let now = WallClock.millisecondsSince1970()
        _ = try await store.setState(id, scope: scope, "active", reason: nil, now: now, in: db)
        return try await find(id, scope: scope, in: db).view(showingSecret: false)
    }

    /// `webhooks.deliveries`: up to `limit` (100) attempts numbered below `before`, newest first.
    /// - Throws: `not_found` (field `webhookId`); `invalid_argument` for a limit outside 1 to 500.
    public func deliveries(
        _ id: String,
        scope: String,
        before: Int?,
        limit: Int?,
        in db: any SQLExecutor
    ) async throws -> WebhookDeliveries {
        _ = try await find(id, scope: scope, in: db)
        let limit = limit ?? 100
        guard (1...500).contains(limit) else { throw WireError(.invalidArgument, "limit is 1 to 500", field: "limit") }
        let attempts = try await store.attempts(id, before: before.map(Int64.init), limit: limit + 1, in: db)
        return WebhookDeliveries(attempts: attempts.prefix(limit).map(\.view), more: attempts.count > limit)
    }

    /// `webhooks.redeliver`: queues the scope's event `seq` for the webhook.
    /// - Throws: `not_found` (field `webhookId`, or `cursor` when the scope has no such event).
    public func redeliver(
        _ id: String,
        scope: String,
        seq: Int,
        in db: any SQLExecutor
    ) async throws
        -> WebhookRedelivery
    {
        _ = try await find(id, scope: scope, in: db)
        guard try await source.event(scope: scope, seq: Int64(seq), in: db) != nil else {
            throw StoreError.notFound("event", "\(seq)", field: "cursor")
        }
        try await store.queueRedelivery(id, seq: Int64(seq), now: WallClock.millisecondsSince1970(), in: db)
        return WebhookRedelivery(eventId: WebhookEvent.messageID(scope: scope, seq: Int64(seq)), queued: true)
    }

    private func find(_ id: String, scope: String, in db: any SQLExecutor) async throws -> WebhookSubscription {
        guard let found = try await store.find(id, scope: scope, in: db) else {
            throw StoreError.notFound("webhook", id, field: "webhookId")
        }
        return found
    }
}

extension WebhookSubscription {
    /// As the ops answer it; with its secret only when just made.
    func view(showingSecret: Bool) -> WebhookView {
        WebhookView(
            webhookId: id,
            url: url,
            events: events,
            state: state,
            reason: reason,
            cursor: Int(cursor),
            failures: failures,
            nextAttemptAt: failures > 0 ? WallClock.iso8601(millisecondsSince1970: nextAt) : nil,
            createdBy: createdBy,
            createdAt: WallClock.iso8601(millisecondsSince1970: createdAt),
            secret: showingSecret ? secret.text : nil
        )
    }
}

extension WebhookAttempt {
    /// As `webhooks.deliveries` lists it.
    var view: WebhookAttemptView {
        WebhookAttemptView(
            number: Int(number),
            eventId: messageID,
            cursor: Int(eventSeq),
            type: eventType,
            trigger: trigger,
            outcome: outcome,
            status: status,
            error: error,
            at: WallClock.iso8601(millisecondsSince1970: at),
            milliseconds: Int(milliseconds)
        )
    }
}
