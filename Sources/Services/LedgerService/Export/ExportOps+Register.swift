import LedgerAPI
import StoredOps
import WorkerRuntime

extension OpRegistry {
    /// `export.csv`, `export.json`.
    mutating func registerExportOps(_ handlers: ExportHandlers, _ scopes: LedgerScopes) {
        register(ExportCSVOp.self, in: scopes.read, handler: handlers.exportCSV)
        register(ExportJSONOp.self, in: scopes.read, handler: handlers.exportJSON)
    }
}

/// The export's ops: they read every household feature, so they hold each feature's store (read only), the
/// balances as the `balances` op answers them, and the households' access policy.
struct ExportHandlers: Sendable {
    let access: HouseholdAccess
    let households: HouseholdStore
    let bills: BillStore
    let payments: PaymentStore
    let roundings: RoundingStore
    let recurring: RecurringStore
    let events: EventStore
    let balanceReports: BalanceHandlers
    let shopping: ShoppingStore
    let inventory: InventoryStore
    let activity: ActivityLog

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
