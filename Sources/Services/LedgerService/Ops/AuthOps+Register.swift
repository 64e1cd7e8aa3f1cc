import LedgerAPI
import Storage
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `auth.signup`, `auth.login`, `auth.logout`, `auth.changePassword`, `auth.me`.
    mutating func registerAuthOps(_ book: HouseholdBook, _ chains: LedgerChains, database: any Database) {
        let hasher = book.configuration.passwords
        let signup: [any OpMiddleware] = [
            HashPasswordFirst(field: "password", hasher: hasher),
            TransactionMiddleware(database: database, access: .write),
            IdempotencyMiddleware(service: LedgerService.name),
        ]
        register(AuthSignupOp.self, middleware: signup) { args, context in
            let username = try Credentials.username(args.username)
            let displayName = try Credentials.displayName(args.displayName, username: username)
            let user = try await book.users.create(
                username: username,
                displayName: displayName,
                passwordHash: try context.passwordHash(),
                in: try context.database()
            )
            return user.view
        }
        let login = LoginFlow(book: book, database: database, decoyHash: (try? hasher.hash(SessionToken.make())) ?? "")
        register(AuthLoginOp.self) { args, _ in try await login.login(args) }
        register(AuthLogoutOp.self, middleware: chains.write) { _, context in
            try await book.sessions.revoke(digest: try context.signedIn().tokenDigest, in: try context.database())
            return Done()
        }
        let change = [HashPasswordFirst(field: "newPassword", hasher: hasher)] + chains.write
        register(AuthChangePasswordOp.self, middleware: change) { args, context in
            let db = try context.database()
            let signedIn = try context.signedIn()
            let user = try await book.users.find(id: signedIn.userID, in: db)
            guard hasher.verify(args.oldPassword, against: user.passwordHash) else {
                throw WireError(.permissionDenied, "the old password is not right", field: "oldPassword")
            }
            try await book.users.setPasswordHash(try context.passwordHash(), userID: user.id, in: db)
            let revoked = try await book.sessions.revokeOthers(
                userID: user.id,
                keeping: signedIn.tokenDigest,
                in: db
            )
            return Done(sessionsRevoked: revoked)
        }
        register(AuthMeOp.self, middleware: chains.read) { _, context in
            try await book.users.find(id: try context.userID(), in: try context.database()).view
        }
    }
}
