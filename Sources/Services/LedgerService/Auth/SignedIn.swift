import LedgerAPI
import Storage
import StoredOps
import Wire
import WorkerRuntime

/// A ledger op's context once its session is checked: the op's transaction, the signed-in user, and the request.
struct SignedIn: Sendable {
    let db: any SQLExecutor
    let userID: String
    /// The digest of the session's token (what `auth.logout` revokes).
    let tokenDigest: String
    let request: OpContext
    /// The membership of the household the request names, read with the session (``LedgerScopes/householdWrite``).
    var housemates: Housemates?
    /// For a new bill (``RoundsResidues``): that household's rounding residues in its currency, read with the session.
    var rounding: RoundingStore.Prefetched?
}

/// The signed-in user's membership of one household, read with their session.
struct Housemates: Sendable {
    let householdID: String
    /// `nil` when they are not a current member (or it does not exist).
    let found: (household: HouseholdStore.Household, role: HouseholdStore.Role, members: Set<String>)?
}

extension SessionStore {
    /// The signed-in user of `request`'s token, inside the op's transaction: a token that exists, has not expired
    /// and was not revoked. Every ledger op but `auth.signup` and `auth.login` runs behind this check.
    /// - Throws: `unauthenticated`, saying which, for a missing, unknown, revoked or expired token.
    func signedIn(_ request: OpContext, in db: any SQLExecutor) async throws -> SignedIn {
        let token = try Self.token(of: request)
        return try Self.check(try await find(token: token, in: db), of: request, in: db)
    }

    /// ``signedIn(_:in:)`` and, in the same statement, what a write into the household that `request`'s decoded
    /// arguments name (``NamesHousehold``, or the household of the live entry they name: ``NamesEntry``) needs up
    /// front: the user's membership and its members (``SignedIn/housemates``), the household's rounding residues in a
    /// new bill's currency (``RoundsResidues``, ``SignedIn/rounding``), and the record of the request's idempotency
    /// key, if it has one.
    /// - Throws: `unauthenticated` as ``signedIn(_:in:)`` does.
    func signedIn(
        _ request: OpRequest,
        probe: IdempotencyProbe?,
        in db: any SQLExecutor
    ) async throws -> (SignedIn, found: IdempotencyRecords.Claim?) {
        let token = try Self.token(of: request.context)
        let digest = SessionToken.digest(token)
        var columns: SQL = "s.user_id, s.expires_at, s.revoked_at"
        var joins: SQL = ""
        if let probe {
            columns = columns + ", " + IdempotencyProbe.columns
            joins = joins + probe.join(owner: "s.user_id")
        }
        let householdID = (request.decodedArgs as? any NamesHousehold)?.namedHousehold
        let entry = householdID == nil ? (request.decodedArgs as? any NamesEntry)?.namedEntry : nil
        let rounded = householdID == nil || db.lockingRead != "" ? nil : request.decodedArgs as? any RoundsResidues
        if let householdID {
            columns = columns + ", " + HouseholdStore.housematesColumns
            joins = joins + HouseholdStore.housematesJoin("\(householdID)", user: "s.user_id")
            if let rounded {
                // Codes are read in any case (`Currency.named`), and stored upper case.
                let currency = rounded.residueCurrency?.uppercased()
                columns = columns + ", " + RoundingStore.prefetchColumns(currency: currency)
                joins = joins + RoundingStore.prefetchJoin(currency: currency)
            }
        } else if let entry {
            columns = columns + ", " + HouseholdStore.housematesColumns
            joins =
                joins + " LEFT JOIN " + entry.table + " named ON named.id = \(entry.id) AND named.deleted_at IS NULL"
                + HouseholdStore.housematesJoin("named.household_id", user: "s.user_id")
        }
        let rows = try await db.query(
            "SELECT " + columns + " FROM ledger_sessions s" + joins + " WHERE s.token_hash = \(digest)"
        )
        let session = try rows.first.map { try Self.session($0, digest: digest) }
        var user = try Self.check(session, of: request.context, in: db)
        if let householdID {
            user.housemates = Housemates(householdID: householdID, found: try HouseholdStore.housemates(in: rows))
            if rounded != nil, let row = rows.first { user.rounding = try RoundingStore.prefetched(in: row) }
        } else if entry != nil, let found = try HouseholdStore.housemates(in: rows) {
            // Only a membership found says which household the entry is in; otherwise the op reads it as usual.
            user.housemates = Housemates(householdID: found.household.id, found: found)
        }
        return (user, try rows.first.flatMap { try probe?.found(in: $0) })
    }

    private static func token(of request: OpContext) throws -> String {
        guard let token = request.token, !token.isEmpty else {
            throw WireError(.unauthenticated, "\(request.op) needs a session token: sign in with auth.login")
        }
        return token
    }

    /// The signed-in user of `session`: one that exists, has not expired and was not revoked.
    private static func check(_ session: Session?, of request: OpContext, in db: any SQLExecutor) throws -> SignedIn {
        guard let session else {
            throw WireError(.unauthenticated, "the session token is not valid: sign in again")
        }
        guard session.revokedAt == nil else {
            throw WireError(.unauthenticated, "the session was signed out: sign in again")
        }
        guard session.expiresAt > WallClock.millisecondsSince1970() else {
            throw WireError(.unauthenticated, "the session expired: sign in again")
        }
        return SignedIn(db: db, userID: session.userID, tokenDigest: session.digest, request: request)
    }
}

/// What the ledger's ops run inside.
struct LedgerScopes: Sendable {
    /// A read by a signed-in user.
    let read: TransactionScope<SignedIn>
    /// A write by a signed-in user: one transaction, the session check, idempotency keys per user.
    let write: TransactionScope<SignedIn>
    /// A write by a signed-in user whose writes are all write steps: one read (the session, the idempotency key, and
    /// the membership and members of the household its arguments name, if they name one), the op's own reads, then
    /// one write (`bills.add` and `payments.record`: two round trips on PostgreSQL).
    let householdWrite: BatchedWriteScope<SignedIn>
    /// A write before anyone is signed in (`auth.signup`).
    let open: TransactionScope<TransactionContext>

    init(database: any Database, sessions: SessionStore) {
        read = .read(database) { db, request in (try await sessions.signedIn(request, in: db), nil) }
        write = .write(database, service: LedgerService.name) { db, request in
            let user = try await sessions.signedIn(request, in: db)
            return (user, user.userID)
        }
        householdWrite = BatchedWriteScope(database, service: LedgerService.name) { db, request, probe in
            let (user, found) = try await sessions.signedIn(request, probe: probe, in: db)
            return (user, user.userID, found)
        }
        open = .write(database, service: LedgerService.name)
    }
}
