import Foundation
import LedgerAPI
import Storage
import Wire

/// User rows: username, display name and password hash.
struct UserStore: Sendable {
    /// A stored user.
    struct User: Sendable {
        let id: String
        let username: String
        let displayName: String
        let passwordHash: String

        var view: UserView { UserView(userId: id, username: username, displayName: displayName) }
    }

    /// Adds a user.
    /// - Throws: ``StoreError`` `alreadyExists` when the username is taken.
    func create(
        username: String,
        displayName: String,
        passwordHash: String,
        in db: any SQLExecutor
    ) async throws
        -> User
    {
        let id = "u_" + UUID.random().uuidString.lowercased()
        let rows = try await db.query(
            """
            INSERT INTO ledger_users (id, username, display_name, password_hash, created_at)
            VALUES (\(id), \(username), \(displayName), \(passwordHash), \(WallClock.millisecondsSince1970()))
            ON CONFLICT (username) DO NOTHING RETURNING id
            """
        )
        guard !rows.isEmpty else {
            throw StoreError(.alreadyExists, "the username \(username) is taken", field: "username")
        }
        return User(id: id, username: username, displayName: displayName, passwordHash: passwordHash)
    }

    /// The user called `username`, if any.
    func find(username: String, in db: any SQLExecutor) async throws -> User? {
        try await db.query("SELECT * FROM ledger_users WHERE username = \(username)").first.map(Self.user)
    }

    /// The user with `id`.
    /// - Throws: ``StoreError`` `notFound` when there is none.
    func find(id: String, in db: any SQLExecutor) async throws -> User {
        guard let row = try await db.query("SELECT * FROM ledger_users WHERE id = \(id)").first else {
            throw StoreError.notFound("user", id, field: nil)
        }
        return try Self.user(row)
    }

    /// Replaces a user's password hash.
    func setPasswordHash(_ hash: String, userID: String, in db: any SQLExecutor) async throws {
        try await db.query("UPDATE ledger_users SET password_hash = \(hash) WHERE id = \(userID)")
    }

    private static func user(_ row: SQLRow) throws -> User {
        User(
            id: try row.text("id"),
            username: try row.text("username"),
            displayName: try row.text("display_name"),
            passwordHash: try row.text("password_hash")
        )
    }
}
