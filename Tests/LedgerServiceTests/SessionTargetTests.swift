import ReckonTesting
import Storage
import Testing
import Wire
import WorkerRuntime

@testable import LedgerService

/// Every ledger op's `Args` tell the session check what to read with the session exactly when its schema names it:
/// a `householdId` (``NamesHousehold``), else a `billId` or `paymentId` (``NamesEntry``). Only a new bill is rounded
/// against the residues read there (``RoundsResidues``). A new op is covered without editing this test.
@Suite struct SessionTargetTests {
    @Test func everyOpsArgsConformAsItsSchemaNames() async throws {
        try await TestDatabase.with(.sqlite) { database, _ in
            let registry = LedgerService.makeRegistry(
                configuration: LedgerHarness.configuration(),
                database: database
            )
            for op in registry.ops {
                let named = Set(op.argsSchema["properties"]?.objectValue?.members.map(\.key) ?? [])
                let household = op.argsType is any NamesHousehold.Type
                let entry = op.argsType is any NamesEntry.Type
                #expect(household == named.contains("householdId"), "\(op.name): NamesHousehold")
                #expect(
                    entry == (!household && !named.isDisjoint(with: ["billId", "paymentId"])),
                    "\(op.name): NamesEntry"
                )
                #expect(
                    (op.argsType is any RoundsResidues.Type) == (op.name == "bills.add"),
                    "\(op.name): RoundsResidues"
                )
            }
        }
    }
}
