import LedgerAPI
import Storage
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `auth.signup`, `auth.login`, `auth.logout`, `auth.changePassword`, `auth.me`.
    mutating func registerAuthOps(_ auth: AuthHandlers, _ scopes: LedgerScopes, database: any Database) {
        let (hasher, pool) = (auth.passwords, auth.hashing)
        register(
            AuthSignupOp.self,
            in: scopes.open,
            preparing: { args, _ in (args, try await pool.hashNew(args.password, field: "password", with: hasher)) },
            handler: auth.signUp
        )
        let login = LoginFlow(auth: auth, database: database, decoyHash: (try? hasher.hash(SessionToken.make())) ?? "")
        register(AuthLoginOp.self) { args, context in try await login.login(args, caller: context.caller) }
        register(AuthLogoutOp.self, in: scopes.write, handler: auth.signOut)
        register(
            AuthChangePasswordOp.self,
            in: scopes.write,
            preparing: { args, _ in
                (args, try await pool.hashNew(args.newPassword, field: "newPassword", with: hasher))
            },
            handler: auth.changePassword
        )
        register(AuthMeOp.self, in: scopes.read, handler: auth.me)
    }
}

/// Signing up, in and out: with the users' and sessions' stores, the sign-in throttle, the hashing pool and the
/// password hasher's settings, and nothing else.
struct AuthHandlers: Sendable {
    let users: UserStore
    let sessions: SessionStore
    let throttle: LoginThrottle
    let hashing: HashingPool
    let passwords: PasswordHasher

    /// With new stores, and the session lifetime, throttle, hashing pool and password settings of `configuration`.
    init(configuration: LedgerService.Configuration) {
        users = UserStore()
        sessions = SessionStore(lifetimeMilliseconds: configuration.sessionLifetime.milliseconds)
        throttle = LoginThrottle(
            pairLimit: configuration.loginFailureLimit,
            callerLimit: configuration.callerFailureLimit,
            windowMilliseconds: configuration.loginWindow.milliseconds
        )
        hashing = HashingPool(threads: configuration.hashThreads, maximumWaiting: configuration.hashQueue)
        passwords = configuration.passwords
    }

    /// `auth.me`: the signed-in user.
    func me(_: NoArgs, _ user: SignedIn) async throws -> UserView {
        try await users.find(id: user.userID, in: user.db).view
    }

    /// `auth.signup`, with the password hashed before the transaction.
    func signUp(
        _ prepared: (args: AuthSignupOp.Args, passwordHash: String),
        _ context: TransactionContext
    ) async throws -> AuthSignupOp.Result {
        let username = try Credentials.username(prepared.args.username)
        let displayName = try Credentials.displayName(prepared.args.displayName, username: username)
        let user = try await users.create(
            username: username,
            displayName: displayName,
            passwordHash: prepared.passwordHash,
            in: context.db
        )
        return user.view
    }

    /// `auth.logout`: revokes the session the request came with.
    func signOut(_: NoArgs, _ user: SignedIn) async throws -> Done {
        try await sessions.revoke(digest: user.tokenDigest, in: user.db)
        return Done()
    }

    /// `auth.changePassword`: checks the old password, sets the new hash, and signs every other session out.
    func changePassword(
        _ prepared: (args: AuthChangePasswordOp.Args, passwordHash: String),
        _ signedIn: SignedIn
    ) async throws -> Done {
        let user = try await users.find(id: signedIn.userID, in: signedIn.db)
        let matches = try await hashing.verify(
            prepared.args.oldPassword,
            against: user.passwordHash,
            with: passwords
        )
        guard matches else {
            throw WireError(.permissionDenied, "the old password is not right", field: "oldPassword")
        }
        try await users.setPasswordHash(prepared.passwordHash, userID: user.id, in: signedIn.db)
        let revoked = try await sessions.revokeOthers(userID: user.id, keeping: signedIn.tokenDigest, in: signedIn.db)
        return Done(sessionsRevoked: revoked)
    }
}
