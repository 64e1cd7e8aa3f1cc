import Foundation
import LedgerAPI
import Storage
import Wire

/// Requests to join a household: pending until the requested user accepts or declines, or the requester retracts.
struct RequestStore: Sendable {
    /// A request's state.
    enum Status: String, Sendable {
        case pending, accepted, declined, retracted
    }

    /// A stored request.
    struct Request: Sendable {
        let id: String
        let householdID: String
        let requestedBy: String
        let userID: String
        let status: Status
    }

    /// Records a pending request.
    /// - Throws: ``StoreError`` `alreadyExists` when one is already pending for that user and household.
    func create(
        household: String,
        requestedBy: String,
        userID: String,
        in db: any SQLExecutor
    ) async throws
        -> String
    {
        let id = "r_" + UUID.random().uuidString.lowercased()
        let pending = try await db.query(
            """
            SELECT id FROM ledger_requests
            WHERE household_id = \(household) AND user_id = \(userID) AND status = \(Status.pending.rawValue)
            """
        )
        guard pending.isEmpty else {
            throw StoreError(
                .alreadyExists,
                "that user already has a pending request to this household",
                field: "username"
            )
        }
        try await db.query(
            """
            INSERT INTO ledger_requests (id, household_id, requested_by, user_id, status, created_at)
            VALUES (\(id), \(household), \(requestedBy), \(userID), \(Status.pending.rawValue),
                \(WallClock.millisecondsSince1970()))
            """
        )
        return id
    }

    /// The request `id` when `userID` may see it: it was sent to them, or they are a current member of its
    /// household.
    /// - Throws: ``StoreError`` `notFound` otherwise.
    func find(_ id: String, visibleTo userID: String, in db: any SQLExecutor) async throws -> Request {
        let rows = try await db.query(
            """
            SELECT r.id, r.household_id, r.requested_by, r.user_id, r.status FROM ledger_requests r
            WHERE r.id = \(id) AND (r.user_id = \(userID) OR EXISTS (
                SELECT 1 FROM ledger_members m
                WHERE m.household_id = r.household_id AND m.user_id = \(userID) AND m.left_at IS NULL))
            """
        )
        guard let row = rows.first else { throw StoreError.notFound("request", id, field: "requestId") }
        return Request(
            id: try row.text("id"),
            householdID: try row.text("household_id"),
            requestedBy: try row.text("requested_by"),
            userID: try row.text("user_id"),
            status: Status(rawValue: try row.text("status")) ?? .retracted
        )
    }

    /// Moves a pending request to `status`.
    /// - Throws: ``StoreError`` `wrongState` when it is no longer pending.
    func decide(_ request: Request, _ status: Status, in db: any SQLExecutor) async throws {
        let rows = try await db.query(
            """
            UPDATE ledger_requests SET status = \(status.rawValue), decided_at = \(WallClock.millisecondsSince1970())
            WHERE id = \(request.id) AND status = \(Status.pending.rawValue) RETURNING id
            """
        )
        guard !rows.isEmpty else {
            throw StoreError(
                .wrongState,
                "the request is \(request.status.rawValue), no longer pending",
                field: "requestId"
            )
        }
    }

    /// The view of one request.
    func view(_ id: String, in db: any SQLExecutor) async throws -> RoommateRequestView {
        guard let view = try await views("r.id = \(id)", in: db).first else {
            throw StoreError.notFound("request", id, field: "requestId")
        }
        return view
    }

    /// Pending requests sent for `household`, oldest first.
    func sent(household: String, in db: any SQLExecutor) async throws -> [RoommateRequestView] {
        try await views("r.household_id = \(household) AND r.status = 'pending'", in: db)
    }

    /// Pending requests sent to `userID`, oldest first.
    func received(userID: String, in db: any SQLExecutor) async throws -> [RoommateRequestView] {
        try await views("r.user_id = \(userID) AND r.status = 'pending'", in: db)
    }

    private func views(_ condition: SQL, in db: any SQLExecutor) async throws -> [RoommateRequestView] {
        try await db.query(
            """
            SELECT r.id, r.household_id, h.name, r.status, r.created_at,
                a.id AS a_id, a.username AS a_username, a.display_name AS a_name,
                b.id AS b_id, b.username AS b_username, b.display_name AS b_name
            FROM ledger_requests r JOIN ledger_households h ON h.id = r.household_id
            JOIN ledger_users a ON a.id = r.requested_by JOIN ledger_users b ON b.id = r.user_id
            WHERE \(condition) ORDER BY r.created_at, r.id
            """
        ).map { row in
            RoommateRequestView(
                requestId: try row.text("id"),
                householdId: try row.text("household_id"),
                householdName: try row.text("name"),
                requestedBy: UserView(
                    userId: try row.text("a_id"),
                    username: try row.text("a_username"),
                    displayName: try row.text("a_name")
                ),
                user: UserView(
                    userId: try row.text("b_id"),
                    username: try row.text("b_username"),
                    displayName: try row.text("b_name")
                ),
                status: try row.text("status"),
                createdAt: WallClock.iso8601(millisecondsSince1970: try row.int("created_at"))
            )
        }
    }
}
