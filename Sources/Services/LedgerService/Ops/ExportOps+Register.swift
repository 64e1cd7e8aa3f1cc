import LedgerAPI
import StoredOps
import WorkerRuntime

extension OpRegistry {
    /// `export.csv`, `export.json`.
    mutating func registerExportOps(_ book: HouseholdBook, _ scopes: LedgerScopes) {
        register(ExportCSVOp.self, in: scopes.read) { args, context in
            let member = try await book.member(of: args.householdId, context)
            let table = try await book.csv(args.what, of: member.household.id, in: member.db)
            return ExportCSVOp.Result(csv: table.text, rows: table.rows.count)
        }
        register(ExportJSONOp.self, in: scopes.read) { args, context in
            try await book.exportJSON(try await book.member(of: args.householdId, context))
        }
    }
}
