import LedgerAPI
import Money
import Storage

/// Profile rows: one per user who set one.
struct ProfileStore: Sendable {
    /// A profile as stored; income in CAD cents.
    struct Profile: Sendable, Hashable {
        var income: Int64?
        var province: String?
        var maritalStatus: String?
        var updatedAt: Int64?

        /// The profile as the ops answer it.
        var view: ProfileView {
            ProfileView(
                income: income.map { MinorUnits.format($0, digits: 2) },
                province: province,
                maritalStatus: maritalStatus,
                updatedAt: updatedAt.map(WallClock.iso8601(millisecondsSince1970:))
            )
        }
    }

    /// `userID`'s profile, empty when never set.
    func find(_ userID: String, in db: any SQLExecutor) async throws -> Profile {
        guard let row = try await db.query("SELECT * FROM ledger_profiles WHERE user_id = \(userID)").first else {
            return Profile()
        }
        return Profile(
            income: try row.optionalInt("income"),
            province: try row.optionalText("province"),
            maritalStatus: try row.optionalText("marital_status"),
            updatedAt: try row.int("updated_at")
        )
    }

    /// Writes `userID`'s profile; returns it with its new time.
    func save(_ profile: Profile, for userID: String, in db: any SQLExecutor) async throws -> Profile {
        var saved = profile
        saved.updatedAt = WallClock.millisecondsSince1970()
        try await db.query(
            """
            INSERT INTO ledger_profiles (user_id, income, province, marital_status, updated_at)
            VALUES (\(userID), \(profile.income), \(profile.province), \(profile.maritalStatus), \(saved.updatedAt))
            ON CONFLICT (user_id) DO UPDATE SET income = excluded.income, province = excluded.province,
                marital_status = excluded.marital_status, updated_at = excluded.updated_at
            """
        )
        return saved
    }
}
