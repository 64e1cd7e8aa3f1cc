import CalcService
import Foundation
import LedgerAPI
import LedgerService
import Logging
import ReckonTesting
import Storage
import Wire
import WorkerRuntime

/// The `ledger` service over a fresh test database, driven through its real ``OpDispatcher``, with helpers that
/// sign people up and build households. Passwords use libsodium's cheapest Argon2id parameters to keep tests fast.
struct LedgerHarness: DispatchingHarness {
    let database: any Database
    let dispatcher: OpDispatcher
    let configuration: LedgerService.Configuration

    /// The configuration tests use: minimal Argon2id work, calc given as long as the op (a loaded run of the suite
    /// can keep the in-process calc from a core for seconds), and the clock stopped at noon UTC of `today`, or at
    /// `now` (ISO 8601) when given.
    static func configuration(
        today: String = "2026-11-23",
        now: String? = nil,
        loginFailureLimit: Int = 5
    ) -> LedgerService.Configuration {
        let stopped = ISO8601DateFormatter().date(from: now ?? today + "T12:00:00Z") ?? Date(timeIntervalSince1970: 0)
        return LedgerService.Configuration(
            passwords: .minimal,
            loginFailureLimit: loginFailureLimit,
            calc: calc,
            calcTimeout: requestTimeout,
            now: { stopped }
        )
    }

    /// How long an op may run.
    static let requestTimeout = Duration.seconds(60)

    /// calc in the tests' own process, its data loaded once; if it fails to load, saved calculations answer
    /// `unavailable` and their tests say so.
    static let calc = try? CalcInProcess(configuration: .init())

    /// Runs `body` with the service prepared on a new database on `engine`.
    static func with(
        _ engine: DatabaseEngine,
        configuration: LedgerService.Configuration = LedgerHarness.configuration(),
        _ body: @Sendable (LedgerHarness) async throws -> Void
    ) async throws {
        try await TestDatabase.with(engine) { database, _ in
            try await LedgerService.prepare(database: database)
            try await body(try LedgerHarness(database: database, configuration: configuration))
        }
    }

    /// A worker over `database` with `configuration`.
    /// - Throws: the loading error of calc's data.
    init(database: any Database, configuration: LedgerService.Configuration) throws {
        var logger = Logger(label: "reckon.test.ledger")
        logger.logLevel = .error
        self.database = database
        self.configuration = configuration
        dispatcher = OpDispatcher(
            service: LedgerService.name,
            registry: LedgerService.makeRegistry(configuration: configuration, database: database),
            requestTimeout: Self.requestTimeout,
            logger: logger
        )
    }

    /// A signed-up, signed-in user.
    struct User: Sendable {
        let id: String
        let username: String
        let token: String
    }

    /// Signs `username` up (password `correct horse`) and in.
    func user(_ username: String) async throws -> User {
        let password = "correct horse"
        _ = try await call(AuthSignupOp.self, .init(username: username, password: password))
        let session = try await call(AuthLoginOp.self, .init(username: username, password: password))
        return User(id: session.user.userId, username: username, token: session.token)
    }

    /// A household owned by `owner` whose other members joined through requests they accepted.
    func household(_ owner: User, members: [User], currency: String = "CAD") async throws -> String {
        let household = try await call(
            HouseholdCreateOp.self,
            .init(name: "Home of \(owner.username)", currency: currency),
            token: owner.token
        )
        for member in members {
            let request = try await call(
                RoommatesRequestOp.self,
                .init(householdId: household.householdId, username: member.username),
                token: owner.token
            )
            _ = try await call(RoommatesAcceptOp.self, .init(requestId: request.requestId), token: member.token)
        }
        return household.householdId
    }

    /// Adds a bill paid wholly by `payer`, split as `split`.
    @discardableResult
    func bill(
        _ household: String,
        _ description: String,
        _ amount: String,
        paidBy payer: User,
        split: SplitSpec,
        currency: String? = nil,
        date: String? = nil
    ) async throws -> BillView {
        try await call(
            BillsAddOp.self,
            .init(
                HouseholdArgs(householdId: household),
                bill: BillFields(
                    description: description,
                    amount: amount,
                    currency: currency,
                    date: date,
                    paidBy: payer.id,
                    split: split
                )
            ),
            token: payer.token
        )
    }

    /// The `balances` nets of `household` in `currency`, by user id.
    func nets(_ household: String, as user: User, currency: String = "CAD") async throws -> [String: String] {
        let balances = try await call(BalancesOp.self, .init(householdId: household), token: user.token)
        return Dictionary(
            uniqueKeysWithValues: balances.members.filter { $0.currency == currency }.map { ($0.userId, $0.net) }
        )
    }

    /// How many rows `table` holds (optionally only those matching `condition`).
    func count(_ table: String, where condition: SQL = "1 = 1") async throws -> Int64 {
        try await database.read { db in
            try await db.query("SELECT COUNT(*) AS n FROM \(raw: table) WHERE \(condition)")[0].int("n")
        }
    }
}
