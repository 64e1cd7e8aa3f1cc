import OrdersAPI
import StoredOps
import Webhooks
import Wire
import WorkerRuntime

extension OpRegistry {
    /// The staff's `webhooks.subscribe`, `.list`, `.unsubscribe`, `.resume`, `.deliveries` and `.redeliver`, through
    /// ``Webhooks/WebhookSubscriptions`` in the one scope `orders`.
    mutating func registerOrderWebhookOps(_ subscriptions: WebhookSubscriptions, _ scopes: OrdersScopes) {
        let scope = OrderWebhookOps.scope
        register(OrderWebhooksSubscribeOp.self, in: scopes.write, middleware: scopes.staff) { args, context in
            try await subscriptions.subscribe(
                scope: scope,
                url: args.url,
                events: args.events,
                secret: args.secret,
                createdBy: "staff",
                in: context.db
            )
        }
        register(OrderWebhooksListOp.self, in: scopes.read, middleware: scopes.staff) { _, context in
            try await subscriptions.list(scope: scope, in: context.db)
        }
        register(OrderWebhooksUnsubscribeOp.self, in: scopes.write, middleware: scopes.staff) { args, context in
            try await subscriptions.unsubscribe(args.webhookId, scope: scope, in: context.db)
        }
        register(OrderWebhooksResumeOp.self, in: scopes.write, middleware: scopes.staff) { args, context in
            try await subscriptions.resume(args.webhookId, scope: scope, in: context.db)
        }
        register(OrderWebhooksDeliveriesOp.self, in: scopes.read, middleware: scopes.staff) { args, context in
            try await subscriptions.deliveries(
                args.webhookId,
                scope: scope,
                before: args.before,
                limit: args.limit,
                in: context.db
            )
        }
        register(OrderWebhooksRedeliverOp.self, in: scopes.write, middleware: scopes.staff) { args, context in
            try await subscriptions.redeliver(args.webhookId, scope: scope, seq: args.cursor, in: context.db)
        }
    }
}
