import LedgerAPI
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

/// The webhook ops: the household's owner manages its webhooks, each scoped to the household, through
/// ``Webhooks/WebhookSubscriptions``; with the households' access policy.
struct WebhookHandlers: Sendable {
    let access: HouseholdAccess
    let subscriptions: WebhookSubscriptions

    init(access: HouseholdAccess, activity: ActivityLog, allowPrivate: Bool) {
        self.access = access
        subscriptions = WebhookSubscriptions(
            store: LedgerWebhooks.store,
            source: ActivityEvents(log: activity),
            types: WebhookOps.types,
            allowPrivate: allowPrivate,
            limit: WebhookOps.limit
        )
    }

    func subscribe(_ args: WebhooksSubscribeOp.Args, _ context: SignedIn) async throws -> WebhookView {
        let owner = try await access.owner(of: args.householdId, context)
        return try await subscriptions.subscribe(
            scope: owner.household.id,
            url: args.url,
            events: args.events,
            secret: args.secret,
            createdBy: owner.userID,
            in: owner.db
        )
    }

    func list(_ args: HouseholdArgs, _ context: SignedIn) async throws -> WebhookList {
        let owner = try await access.owner(of: args.householdId, context)
        return try await subscriptions.list(scope: owner.household.id, in: owner.db)
    }

    func unsubscribe(_ args: WebhookArgs, _ context: SignedIn) async throws -> WebhookView {
        let owner = try await access.owner(of: args.householdId, context)
        return try await subscriptions.unsubscribe(args.webhookId, scope: owner.household.id, in: owner.db)
    }

    func resume(_ args: WebhookArgs, _ context: SignedIn) async throws -> WebhookView {
        let owner = try await access.owner(of: args.householdId, context)
        return try await subscriptions.resume(args.webhookId, scope: owner.household.id, in: owner.db)
    }

    func deliveries(_ args: WebhooksDeliveriesOp.Args, _ context: SignedIn) async throws -> WebhookDeliveries {
        let owner = try await access.owner(of: args.householdId, context)
        return try await subscriptions.deliveries(
            args.webhookId,
            scope: owner.household.id,
            before: args.before,
            limit: args.limit,
            in: owner.db
        )
    }

    func redeliver(_ args: WebhooksRedeliverOp.Args, _ context: SignedIn) async throws -> WebhookRedelivery {
        let owner = try await access.owner(of: args.householdId, context)
        return try await subscriptions.redeliver(
            args.webhookId,
            scope: owner.household.id,
            seq: args.cursor,
            in: owner.db
        )
    }
}

extension WebhooksSubscribeOp.Args: InHousehold {}
extension WebhookArgs: InHousehold {}
extension WebhooksDeliveriesOp.Args: InHousehold {}
extension WebhooksRedeliverOp.Args: InHousehold {}
