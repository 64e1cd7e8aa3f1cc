import CheckoutForm
import Foundation
import Logging
import OrdersAPI
import Storage
import StoredOps
import Webhooks
import WorkerRuntime

/// The `orders` service: menu, carts, vouchers, checkout validation and exactly-once orders, over a ``Database``.
public enum OrdersService {
    /// The service name workers register.
    public static let name = OrdersOps.service

    /// How the service behaves.
    public struct Configuration: Sendable {
        /// - `cartIdleTimeout` (duration, 3 h): a cart untouched this long expires.
        public var cartIdleTimeout: Duration
        /// - `defaultRegion` (ISO 3166 alpha-2, `CA`): the region of phone numbers without a country code, and of
        ///   addresses without a country.
        public var defaultRegion: String
        /// - `staffKey` (string, none): the token staff ops require; without one they are refused.
        public var staffKey: String?
        /// - `webhooks` (Standard Webhooks' retry schedule, private targets refused): how the staff's webhooks are
        ///   checked and delivered to (``OrderWebhooks``).
        public var webhooks: WebhookRelaySettings
        /// - `events` (a new one): where this worker's committed order events are announced, for its relay.
        public var events: ChangeSignals

        public init(
            cartIdleTimeout: Duration = .seconds(3 * 3600),
            defaultRegion: String = "CA",
            staffKey: String? = nil,
            webhooks: WebhookRelaySettings = WebhookRelaySettings(),
            events: ChangeSignals = ChangeSignals()
        ) {
            self.cartIdleTimeout = cartIdleTimeout
            self.defaultRegion = defaultRegion
            self.staffKey = staffKey
            self.webhooks = webhooks
            self.events = events
        }
    }

    /// Brings the schema up to date and gives new stock-limited items their initial counts.
    /// - Throws: `StorageError`.
    public static func prepare(database: any Database, menu: MenuHolder) async throws {
        try await Migrator(service: name, migrations: OrdersMigrations.all).migrate(database)
        try await seedStock(database: database, menu: menu)
    }

    /// Gives stock-limited items that have no count yet their initial one (after a menu reload, say).
    /// - Throws: `StorageError`.
    public static func seedStock(database: any Database, menu: MenuHolder) async throws {
        let catalogue = menu.current
        try await database.write { db in try await StockStore().seed(from: catalogue, in: db) }
    }

    /// Deletes long-expired carts and idempotency records older than `retention`; returns how many of each went.
    /// - Throws: `StorageError`.
    public static func purge(
        database: any Database,
        configuration: Configuration,
        retention: Duration = .seconds(7 * 24 * 3600)
    ) async throws -> (carts: Int, records: Int) {
        let carts = CartStore(idleMilliseconds: configuration.cartIdleTimeout.milliseconds)
        let purged = try await database.write { db in try await carts.purgeExpired(in: db) }
        let records = try await IdempotencyRecords.purge(olderThanMilliseconds: retention.milliseconds, in: database)
        return (purged, records)
    }

    /// Registers every op of the service.
    /// - Throws: `CheckoutFormDataError` when the bundled phone data is broken (a packaging fault).
    public static func makeRegistry(
        configuration: Configuration,
        database: any Database,
        menu: MenuHolder
    ) throws -> OpRegistry {
        let orders = Orders(
            menu: menu,
            carts: CartStore(idleMilliseconds: configuration.cartIdleTimeout.milliseconds),
            validator: try CheckoutFormValidator(),
            region: configuration.defaultRegion.uppercased()
        )
        let scopes = OrdersScopes(service: name, database: database, staffKey: configuration.staffKey)
        var registry = OpRegistry()
        registry.registerMenuOps(orders, scopes)
        registry.registerCartOps(orders, scopes)
        registry.registerCheckoutOps(orders, scopes)
        let events = OrderEvents(signals: configuration.events)
        registry.registerOrderOps(orders, scopes, events: events)
        registry.registerOrderWebhookOps(
            WebhookSubscriptions(
                store: OrderWebhooks.store,
                source: events,
                types: OrderWebhookOps.types,
                allowPrivate: configuration.webhooks.allowPrivate,
                limit: OrderWebhookOps.limit
            ),
            scopes
        )
        return registry
    }
}

/// What the service's ops run inside: a transaction their handlers are given, and the staff check in front of
/// staff ops.
struct OrdersScopes: Sendable {
    let read: TransactionScope<TransactionContext>
    let write: TransactionScope<TransactionContext>
    /// The writes of the cart ops and `order.place`: their reads, then every write in one statement (a cart change is
    /// two statements on PostgreSQL); a request's idempotency key is looked up with a statement of its own first.
    let batchedWrite: BatchedWriteScope<TransactionContext>
    /// In front of staff ops: the staff key.
    let staff: [any OpMiddleware]
    /// In front of `order.place`: an idempotency key is required.
    let keyed: [any OpMiddleware] = [RequireIdempotencyKey()]

    init(service: String, database: any Database, staffKey: String?) {
        read = .read(database)
        write = .write(database, service: service)
        batchedWrite = BatchedWriteScope(database, service: service) { db, request, probe in
            (TransactionContext(db: db, request: request.context), nil, try await probe?.lookUp(in: db))
        }
        staff = [StaffKeyMiddleware(staffKey: staffKey)]
    }
}
