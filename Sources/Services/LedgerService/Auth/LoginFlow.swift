import LedgerAPI
import Storage
import Wire

/// `auth.login` in three steps, so the slow password check holds no transaction: read the user and the throttle,
/// verify the password, then write the session (or count the failure, which must commit even though the request
/// fails).
struct LoginFlow: Sendable {
    let book: HouseholdBook
    let database: any Database
    /// A hash of a random password with the configured parameters, verified against when the username is unknown,
    /// so timing does not tell which names exist.
    let decoyHash: String

    func login(_ args: AuthLoginOp.Args) async throws -> AuthLoginOp.Result {
        let username = try Credentials.username(args.username)
        let user = try await database.read { db in
            try await book.throttle.check(username: username, in: db)
            return try await book.users.find(username: username, in: db)
        }
        let hasher = book.configuration.passwords
        let matches = hasher.verify(args.password, against: user?.passwordHash ?? decoyHash)
        guard let user, matches else {
            try await database.write { db in try await book.throttle.recordFailure(username: username, in: db) }
            throw WireError(.unauthenticated, "the username or password is not right")
        }
        let session = try await database.write { db in
            try await book.throttle.clear(username: username, in: db)
            return try await book.sessions.start(userID: user.id, in: db)
        }
        return AuthLoginOp.Result(
            token: session.token,
            expiresAt: WallClock.iso8601(millisecondsSince1970: session.expiresAt),
            user: user.view
        )
    }
}
