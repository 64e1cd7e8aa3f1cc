import Foundation
import LedgerAPI
import Storage
import StoredOps
import Webhooks
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `webhooks.subscribe`, `.list`, `.unsubscribe`, `.resume`, `.deliveries` and `.redeliver`.
    mutating func registerWebhookOps(_ handlers: WebhookHandlers, _ scopes: LedgerScopes) {
        register(WebhooksSubscribeOp.self, in: scopes.write, handler: handlers.subscribe)
        register(WebhooksListOp.self, in: scopes.read, handler: handlers.list)
        register(WebhooksUnsubscribeOp.self, in: scopes.write, handler: handlers.unsubscribe)
        register(WebhooksResumeOp.self, in: scopes.write, handler: handlers.resume)
        register(WebhooksDeliveriesOp.self, in: scopes.read, handler: handlers.deliveries)
        register(WebhooksRedeliverOp.self, in: scopes.write, handler: handlers.redeliver)
    }
}

/// The webhook ops: the household's owner manages its subscriptions (``LedgerWebhooks``), which the relay delivers
/// to; with the households' access policy, the activity log (whose entries are the events) and whether private
/// targets are allowed.
struct WebhookHandlers: Sendable {
    let access: HouseholdAccess
    let activity: ActivityLog
    let allowPrivate: Bool
    private let store = LedgerWebhooks.store

    init(access: HouseholdAccess, activity: ActivityLog, allowPrivate: Bool) {
        self.access = access
        self.activity = activity
        self.allowPrivate = allowPrivate
    }

    func subscribe(_ args: WebhooksSubscribeOp.Args, _ context: SignedIn) async throws -> WebhookView {
        let owner = try await access.owner(of: args.householdId, context)
        do {
            _ = try WebhookTarget(url: args.url, allowPrivate: allowPrivate)
        } catch let refused as WebhookTarget.Refusal {
            throw WireError(.invalidArgument, "url: \(refused.reason)", field: "url")
        }
        guard (1...WebhookOps.patternLimit).contains(args.events.count) else {
            throw WireError(.invalidArgument, "events names 1 to \(WebhookOps.patternLimit) types", field: "events")
        }
        if let bad = args.events.first(where: { !WebhookOps.isPattern($0) }) {
            throw WireError(
                .invalidArgument,
                "events: \(bad) is not *, family.* or family.verb, of " + WebhookOps.families.joined(separator: ", "),
                field: "events"
            )
        }
        let secret = try args.secret.map { text in
            guard let secret = WebhookSecret(text: text) else {
                throw WireError(.invalidArgument, "secret is whsec_ and the base64 of 24 to 64 bytes", field: "secret")
            }
            return secret
        }
        let household = owner.household.id
        guard try await store.list(scope: household, in: owner.db).count < WebhookOps.limit else {
            throw WireError(.resourceExhausted, "a household has at most \(WebhookOps.limit) webhooks", field: "url")
        }
        let now = WallClock.millisecondsSince1970()
        let subscription = WebhookSubscription(
            id: "wh_" + UUID.random().uuidString.lowercased(),
            scope: household,
            url: args.url,
            secret: secret ?? .random(),
            events: args.events.reduce(into: []) { kept, pattern in if !kept.contains(pattern) { kept.append(pattern) }
            },
            state: "active",
            reason: nil,
            createdBy: owner.userID,
            createdAt: now,
            // Only the changes from now on are sent.
            cursor: Int64(try await ActivityLog.counters(of: [household], in: owner.db)[household] ?? 0),
            failures: 0,
            nextAt: now,
            attempts: 0
        )
        try await store.insert(subscription, in: owner.db)
        return subscription.view(showingSecret: true)
    }

    func list(_ args: WebhooksListOp.Args, _ context: SignedIn) async throws -> WebhooksListOp.Result {
        let owner = try await access.owner(of: args.householdId, context)
        let all = try await store.list(scope: owner.household.id, in: owner.db)
        return .init(webhooks: all.map { $0.view(showingSecret: false) })
    }

    func unsubscribe(_ args: WebhookArgs, _ context: SignedIn) async throws -> WebhookView {
        let (owner, subscription) = try await find(args, context)
        _ = try await store.delete(subscription.id, scope: subscription.scope, in: owner.db)
        return subscription.view(showingSecret: false)
    }

    func resume(_ args: WebhookArgs, _ context: SignedIn) async throws -> WebhookView {
        let (owner, subscription) = try await find(args, context)
        let now = WallClock.millisecondsSince1970()
        _ = try await store.setState(
            subscription.id,
            scope: subscription.scope,
            "active",
            reason: nil,
            now: now,
            in: owner.db
        )
        return try await find(args, context).subscription.view(showingSecret: false)
    }

    func deliveries(_ args: WebhooksDeliveriesOp.Args, _ context: SignedIn) async throws -> WebhooksDeliveriesOp.Result
    {
        let (owner, subscription) = try await find(args.webhook, context)
        let limit = args.limit ?? 100
        guard (1...500).contains(limit) else { throw WireError(.invalidArgument, "limit is 1 to 500", field: "limit") }
        let attempts = try await store.attempts(
            subscription.id,
            before: args.before.map(Int64.init),
            limit: limit + 1,
            in: owner.db
        )
        return .init(attempts: attempts.prefix(limit).map(\.view), more: attempts.count > limit)
    }

    func redeliver(_ args: WebhooksRedeliverOp.Args, _ context: SignedIn) async throws -> WebhooksRedeliverOp.Result {
        let (owner, subscription) = try await find(args.webhook, context)
        let page = try await activity.list(
            household: subscription.scope,
            from: .after(args.cursor - 1),
            limit: 1,
            in: owner.db
        )
        guard page.entries.first?.cursor == args.cursor else {
            throw StoreError.notFound("event", "\(args.cursor)", field: "cursor")
        }
        let seq = Int64(args.cursor)
        try await store.queueRedelivery(subscription.id, seq: seq, now: WallClock.millisecondsSince1970(), in: owner.db)
        return .init(eventId: WebhookEvent.messageID(scope: subscription.scope, seq: seq), queued: true)
    }

    /// The caller as the household's owner, and the webhook the args name.
    private func find(
        _ args: WebhookArgs,
        _ context: SignedIn
    ) async throws
        -> (owner: HouseholdMember, subscription: WebhookSubscription)
    {
        let owner = try await access.owner(of: args.householdId, context)
        guard let found = try await store.find(args.webhookId, scope: owner.household.id, in: owner.db) else {
            throw StoreError.notFound("webhook", args.webhookId, field: "webhookId")
        }
        return (owner, found)
    }
}

extension WebhooksDeliveriesOp.Args {
    fileprivate var webhook: WebhookArgs { WebhookArgs(householdId: householdId, webhookId: webhookId) }
}

extension WebhooksRedeliverOp.Args {
    fileprivate var webhook: WebhookArgs { WebhookArgs(householdId: householdId, webhookId: webhookId) }
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

extension WebhooksSubscribeOp.Args: InHousehold {}
extension WebhookArgs: InHousehold {}
extension WebhooksDeliveriesOp.Args: InHousehold {}
extension WebhooksRedeliverOp.Args: InHousehold {}
