import Storage

/// The files each household imported, by SHA-256 digest: an import writes its row in the same transaction as its
/// bills, so the same file imports once.
struct ImportStore: Sendable {
    /// What an earlier import of the file wrote.
    struct Done: Sendable, Equatable {
        let bills: Int
        let payments: Int
    }

    /// The earlier import of `digest` into `household`, if there was one.
    func find(_ household: String, digest: String, in db: any SQLExecutor) async throws -> Done? {
        let rows = try await db.query(
            "SELECT bills, payments FROM ledger_imports WHERE household_id = \(household) AND digest = \(digest)"
        )
        return try rows.first.map { Done(bills: Int(try $0.int("bills")), payments: Int(try $0.int("payments"))) }
    }

    /// Records the import of `digest`; a second one of the same file into the same household breaks the key.
    func insert(
        _ household: String,
        digest: String,
        source: String,
        done: Done,
        by userID: String,
        in db: any SQLExecutor
    ) async throws {
        try await db.write([
            WriteStep(
                "import",
                """
                INSERT INTO ledger_imports (household_id, digest, source, bills, payments, created_by, created_at)
                VALUES (\(household), \(digest), \(source), \(done.bills), \(done.payments), \(userID),
                    \(WallClock.millisecondsSince1970()))
                """
            )
        ])
    }
}
