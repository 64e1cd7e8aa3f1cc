import Foundation
import LedgerAPI
import Storage
import Wire

/// Households and their members.
struct HouseholdStore: Sendable {
    /// A household row.
    struct Household: Sendable {
        let id: String
        let name: String
        let currency: String
    }

    /// A member's role.
    enum Role: String, Sendable {
        case owner, member
    }

    /// Creates a household owned by `ownerID`.
    func create(name: String, currency: String, ownerID: String, in db: any SQLExecutor) async throws -> Household {
        let id = "h_" + UUID.random().uuidString.lowercased()
        let now = WallClock.millisecondsSince1970()
        try await db.query(
            """
            INSERT INTO ledger_households (id, name, currency, created_by, created_at, activity_seq)
            VALUES (\(id), \(name), \(currency), \(ownerID), \(now), 0)
            """
        )
        try await db.query(
            """
            INSERT INTO ledger_members (household_id, user_id, role, joined_at)
            VALUES (\(id), \(ownerID), \(Role.owner.rawValue), \(now))
            """
        )
        return Household(id: id, name: name, currency: currency)
    }

    /// The household, when `userID` is one of its current members, with their role; `nil` when it does not exist
    /// or `userID` is not a current member (the two look the same, so nobody learns which households exist).
    func membership(
        _ householdID: String,
        userID: String,
        in db: any SQLExecutor
    ) async throws
        -> (household: Household, role: Role)?
    {
        let rows = try await db.query(
            """
            SELECT h.id, h.name, h.currency, m.role FROM ledger_households h
            JOIN ledger_members m ON m.household_id = h.id
            WHERE h.id = \(householdID) AND m.user_id = \(userID) AND m.left_at IS NULL
            """
        )
        guard let row = rows.first else { return nil }
        return (try Self.household(row), Role(rawValue: try row.text("role")) ?? .member)
    }

    /// `userID`'s membership of `householdID` with the ids of all its current members, read in one statement;
    /// `nil` when they are not a current member (or it does not exist).
    func membershipAndMembers(
        _ householdID: String,
        userID: String,
        in db: any SQLExecutor
    ) async throws
        -> (household: Household, role: Role, members: Set<String>)?
    {
        let rows = try await db.query(
            "SELECT " + Self.housematesColumns + " FROM (SELECT \(userID) AS user_id) asking "
                + Self.housematesJoin("\(householdID)", user: "asking.user_id")
        )
        return try Self.housemates(in: rows)
    }

    /// The columns of ``housematesJoin(_:user:)``'s rows.
    static let housematesColumns: SQL = "h.id, h.name, h.currency, me.role, m.user_id AS member_id"

    /// `LEFT JOIN`s of the membership of the user `user` in the household `household` (both SQL expressions: a
    /// parameter or a column), the household and its current members, one row per member; the membership's columns
    /// are `NULL` when the user is not a current member. For one statement that reads the membership with other
    /// things (the session).
    static func housematesJoin(_ household: SQL, user: SQL) -> SQL {
        let membership: SQL =
            " LEFT JOIN ledger_members me ON me.household_id = " + household + " AND me.left_at IS NULL"
        return membership + " AND me.user_id = " + user
            + " LEFT JOIN ledger_households h ON h.id = me.household_id"
            + " LEFT JOIN ledger_members m ON m.household_id = me.household_id AND m.left_at IS NULL"
    }

    /// The membership and members in rows of ``housematesJoin(_:user:)``; `nil` when the user is not a current member.
    static func housemates(in rows: [SQLRow]) throws -> (household: Household, role: Role, members: Set<String>)? {
        guard let row = rows.first, let role = try row.optionalText("role") else { return nil }
        return (try household(row), Role(rawValue: role) ?? .member, Set(try rows.map { try $0.text("member_id") }))
    }

    /// Takes the household row's write lock until the transaction ends, so two writers of its shopping list and
    /// stock (which read, then merge) take turns on PostgreSQL too; SQLite's write transactions already do.
    func lock(_ householdID: String, in db: any SQLExecutor) async throws {
        try await db.query("UPDATE ledger_households SET activity_seq = activity_seq WHERE id = \(householdID)")
    }

    /// The household, whoever asks (for requests to join it).
    func find(_ householdID: String, in db: any SQLExecutor) async throws -> Household? {
        try await db.query("SELECT id, name, currency FROM ledger_households WHERE id = \(householdID)")
            .first.map(Self.household)
    }

    /// The households `userID` currently belongs to, with their role, by name.
    func list(userID: String, in db: any SQLExecutor) async throws -> [(household: Household, role: Role)] {
        try await db.query(
            """
            SELECT h.id, h.name, h.currency, m.role FROM ledger_households h
            JOIN ledger_members m ON m.household_id = h.id
            WHERE m.user_id = \(userID) AND m.left_at IS NULL ORDER BY h.name, h.id
            """
        ).map { (try Self.household($0), Role(rawValue: try $0.text("role")) ?? .member) }
    }

    /// Every member, current and past, in the order they joined.
    func members(_ householdID: String, in db: any SQLExecutor) async throws -> [MemberView] {
        try await db.query(
            """
            SELECT u.id, u.username, u.display_name, m.role, m.left_at FROM ledger_members m
            JOIN ledger_users u ON u.id = m.user_id
            WHERE m.household_id = \(householdID) ORDER BY m.joined_at, u.id
            """
        ).map { row in
            MemberView(
                userId: try row.text("id"),
                username: try row.text("username"),
                displayName: try row.text("display_name"),
                role: try row.text("role"),
                active: try row.optionalInt("left_at") == nil
            )
        }
    }

    /// Whether `userID` is a current member.
    func isMember(_ householdID: String, userID: String, in db: any SQLExecutor) async throws -> Bool {
        !(try await db.query(
            """
            SELECT 1 AS member FROM ledger_members
            WHERE household_id = \(householdID) AND user_id = \(userID) AND left_at IS NULL
            """
        ).isEmpty)
    }

    /// The ids of the current members.
    func currentMemberIDs(_ householdID: String, in db: any SQLExecutor) async throws -> Set<String> {
        Set(
            try await db.query(
                "SELECT user_id FROM ledger_members WHERE household_id = \(householdID) AND left_at IS NULL"
            ).map { try $0.text("user_id") }
        )
    }

    /// Adds `userID` as a member, or brings a past member back.
    func join(_ householdID: String, userID: String, in db: any SQLExecutor) async throws {
        let now = WallClock.millisecondsSince1970()
        try await db.query(
            """
            INSERT INTO ledger_members (household_id, user_id, role, joined_at)
            VALUES (\(householdID), \(userID), \(Role.member.rawValue), \(now))
            ON CONFLICT (household_id, user_id) DO UPDATE SET left_at = NULL, role = \(Role.member.rawValue)
            """
        )
    }

    /// Marks `userID` as gone; when the owner leaves, the longest-standing current member becomes the owner.
    func leave(_ householdID: String, userID: String, role: Role, in db: any SQLExecutor) async throws {
        try await db.query(
            """
            UPDATE ledger_members SET left_at = \(WallClock.millisecondsSince1970()), role = \(Role.member.rawValue)
            WHERE household_id = \(householdID) AND user_id = \(userID)
            """
        )
        guard role == .owner else { return }
        let next = try await db.query(
            """
            SELECT user_id FROM ledger_members WHERE household_id = \(householdID) AND left_at IS NULL
            ORDER BY joined_at, user_id LIMIT 1
            """
        )
        guard let heir = try next.first?.text("user_id") else { return }
        try await db.query(
            """
            UPDATE ledger_members SET role = \(Role.owner.rawValue)
            WHERE household_id = \(householdID) AND user_id = \(heir)
            """
        )
    }

    private static func household(_ row: SQLRow) throws -> Household {
        Household(id: try row.text("id"), name: try row.text("name"), currency: try row.text("currency"))
    }
}
