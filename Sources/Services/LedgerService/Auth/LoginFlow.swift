import LedgerAPI
import Storage
import Wire

/// `auth.login` in three steps, so the slow password check holds no transaction: count the attempt as a failure and
/// read the user, verify the password (on the ``HashingPool``), then write the session and take the count back.
struct LoginFlow: Sendable {
    let auth: AuthHandlers
    let database: any Database
    /// A hash of a random password with the configured parameters, verified against when the username is unknown,
    /// so timing does not tell which names exist.
    let decoyHash: String

    /// - Parameter caller: the end caller a bridge named, whom the throttle counts with the username.
    func login(_ args: AuthLoginOp.Args, caller: String?) async throws -> AuthLoginOp.Result {
        let username = try Credentials.username(args.username)
        let attempt = LoginThrottle.Attempt(username: username, caller: caller)
        let user = try await database.write { db in
            try await auth.throttle.reserve(attempt, in: db)
            return try await auth.users.find(username: username, in: db)
        }
        let matches: Bool
        do {
            matches = try await auth.hashing.verify(
                args.password,
                against: user?.passwordHash ?? decoyHash,
                with: auth.passwords
            )
        } catch {
            try await database.write { db in try await auth.throttle.withdraw(attempt, in: db) }
            throw error
        }
        guard let user, matches else { throw WireError(.unauthenticated, "the username or password is not right") }
        let session = try await database.write { db in
            try await auth.throttle.succeeded(attempt, in: db)
            return try await auth.sessions.start(userID: user.id, in: db)
        }
        return AuthLoginOp.Result(
            token: session.token,
            expiresAt: WallClock.iso8601(millisecondsSince1970: session.expiresAt),
            user: user.view
        )
    }
}
