import LedgerAPI
import StoredOps
import WorkerRuntime

extension OpRegistry {
    /// `export.csv`, `export.json`.
    mutating func registerExportOps(_ book: HouseholdBook, _ scopes: LedgerScopes) {
        register(ExportCSVOp.self, in: scopes.read, handler: book.exportCSV)
        register(ExportJSONOp.self, in: scopes.read, handler: book.exportJSON)
    }
}

extension HouseholdBook {
    func exportCSV(_ args: ExportCSVOp.Args, _ context: SignedIn) async throws -> ExportCSVOp.Result {
        let member = try await self.access.member(of: args.householdId, context)
        let table = try await self.csv(args.what, of: member.household.id, in: member.db)
        return ExportCSVOp.Result(csv: table.text, rows: table.rows.count)
    }

    func exportJSON(_ args: ExportJSONOp.Args, _ context: SignedIn) async throws -> ExportJSONOp.Result {
        try await self.exportJSON(try await self.access.member(of: args.householdId, context))
    }
}

// MARK: - What the session check reads with the session (SessionTargets)

extension ExportCSVOp.Args: InHousehold {}
