import LedgerAPI
import LedgerService
import ReckonTesting
import Storage
import Testing
import Wire

/// Accounts and sessions on both engines: hashing, tokens, expiry, revocation and the login throttle.
@Suite struct AuthTests {
    @Test(arguments: TestDatabase.engines)
    func signUpSignInAndOut(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let ana = try await ledger.user("Ana")
            #expect(ana.username == "Ana")
            #expect(ana.token.hasPrefix("rk_") && ana.token.count == 67)
            let me = try await ledger.call(AuthMeOp.self, NoArgs(), token: ana.token)
            #expect(me.username == "ana")
            #expect(me.userId == ana.id)
            _ = try await ledger.call(AuthLogoutOp.self, NoArgs(), token: ana.token)
            let after = try await ledger.failure(AuthMeOp.self, NoArgs(), token: ana.token)
            #expect(after.code == .unauthenticated)
            #expect(after.message.contains("signed out"))
        }
    }

    @Test(arguments: TestDatabase.engines)
    func passwordsAndTokensAreStoredOnlyAsHashes(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let ana = try await ledger.user("ana")
            let stored = try await ledger.database.read { db in
                let user = try await db.query("SELECT password_hash FROM ledger_users WHERE id = \(ana.id)")[0]
                let session = try await db.query("SELECT token_hash FROM ledger_sessions WHERE user_id = \(ana.id)")[0]
                return (try user.text("password_hash"), try session.text("token_hash"))
            }
            #expect(stored.0.hasPrefix("$argon2id$"))
            #expect(!stored.0.contains("correct horse"))
            #expect(stored.1.count == 64)
            #expect(stored.1 != ana.token && !ana.token.contains(stored.1))
        }
    }

    @Test(arguments: TestDatabase.engines)
    func badAccountsAreRefusedWithTheirField(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            _ = try await ledger.user("ana")
            let taken = try await ledger.failure(AuthSignupOp.self, .init(username: "ANA", password: "long enough"))
            #expect(taken.code == .alreadyExists)
            let short = try await ledger.failure(AuthSignupOp.self, .init(username: "bo", password: "long enough"))
            #expect(short.field == "username")
            let weak = try await ledger.failure(AuthSignupOp.self, .init(username: "bob", password: "short"))
            #expect(weak.code == .invalidArgument && weak.field == "password")
            #expect(try await ledger.count("ledger_users") == 1)
        }
    }

    /// Failures of one (username, caller) pair refuse that pair, with a `Retry-After`, even with the right password;
    /// the owner still signs in from another caller, and other usernames from the same caller still work.
    @Test(arguments: TestDatabase.engines)
    func repeatedFailuresRefuseThePairNotTheOwnerElsewhere(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine, configuration: LedgerHarness.configuration(loginFailureLimit: 3)) {
            ledger in
            _ = try await ledger.user("ana")
            _ = try await ledger.user("bob")
            let attacker = "address:203.0.113.9"
            for _ in 0..<3 {
                let wrong = try await Self.login(ledger, "ana", "wrong guess", caller: attacker)
                #expect(wrong?.code == .unauthenticated)
            }
            let locked = try await Self.login(ledger, "ana", "correct horse", caller: attacker)
            #expect(locked?.code == .resourceExhausted && locked?.field == "username")
            #expect((locked?.retryAfterSeconds ?? 0) > 0)
            #expect(try await Self.login(ledger, "ana", "correct horse", caller: "address:198.51.100.7") == nil)
            #expect(try await Self.login(ledger, "bob", "correct horse", caller: attacker) == nil)
        }
    }

    /// Failures from one caller for made-up usernames lock that caller out, before any password is checked; other
    /// callers are not.
    @Test(arguments: TestDatabase.engines)
    func failuresForMadeUpUsernamesLockTheCallerOut(engine: DatabaseEngine) async throws {
        var configuration = LedgerHarness.configuration()
        configuration.callerFailureLimit = 4
        try await LedgerHarness.with(engine, configuration: configuration) { ledger in
            _ = try await ledger.user("ana")
            let attacker = "address:203.0.113.9"
            for index in 0..<4 {
                let wrong = try await Self.login(ledger, "nobody\(index)", "wrong guess", caller: attacker)
                #expect(wrong?.code == .unauthenticated)
            }
            let locked = try await Self.login(ledger, "ana", "correct horse", caller: attacker)
            #expect(locked?.code == .resourceExhausted && locked?.field == nil)
            #expect(try await Self.login(ledger, "ana", "correct horse", caller: "address:198.51.100.7") == nil)
        }
    }

    /// Signs in as `username` for `caller`: nil on success, else the error.
    private static func login(
        _ ledger: LedgerHarness,
        _ username: String,
        _ password: String,
        caller: String
    ) async throws -> WireError? {
        let reply = try await ledger.send(
            AuthLoginOp.name,
            ["username": .string(username), "password": .string(password)],
            caller: caller
        )
        do {
            _ = try reply.replyResult()
            return nil
        } catch let error as WireError {
            return error
        }
    }

    @Test(arguments: TestDatabase.engines)
    func expiredAndUnknownTokensAreUnauthenticated(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let ana = try await ledger.user("ana")
            let unknown = try await ledger.failure(AuthMeOp.self, NoArgs(), token: "rk_nope")
            #expect(unknown.code == .unauthenticated)
            _ = try await ledger.database.write { db in
                try await db.query("UPDATE ledger_sessions SET expires_at = 1 WHERE user_id = \(ana.id)")
            }
            let expired = try await ledger.failure(AuthMeOp.self, NoArgs(), token: ana.token)
            #expect(expired.code == .unauthenticated)
            #expect(expired.message.contains("expired"))
        }
    }

    @Test(arguments: TestDatabase.engines)
    func changingThePasswordSignsOutOtherSessions(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let ana = try await ledger.user("ana")
            let other = try await ledger.call(AuthLoginOp.self, .init(username: "ana", password: "correct horse"))
            let wrong = try await ledger.failure(
                AuthChangePasswordOp.self,
                .init(oldPassword: "not it at all", newPassword: "battery staple"),
                token: ana.token
            )
            #expect(wrong.code == .permissionDenied)
            let done = try await ledger.call(
                AuthChangePasswordOp.self,
                .init(oldPassword: "correct horse", newPassword: "battery staple"),
                token: ana.token
            )
            #expect(done.sessionsRevoked == 1)
            #expect(try await ledger.failure(AuthMeOp.self, NoArgs(), token: other.token).code == .unauthenticated)
            _ = try await ledger.call(AuthMeOp.self, NoArgs(), token: ana.token)
            let old = try await ledger.failure(AuthLoginOp.self, .init(username: "ana", password: "correct horse"))
            #expect(old.code == .unauthenticated)
            _ = try await ledger.call(AuthLoginOp.self, .init(username: "ana", password: "battery staple"))
        }
    }
}
