import LedgerService
import ReckonTesting
import Storage
import Testing

/// The ledger's contract, checked op by op against its types: the list grows with the registry by itself.
@Suite struct ContractTests {
    @Test func everyOpHasAResultSchemaAndArgsSchemasMatchTheirTypes() async throws {
        try await TestDatabase.with(.sqlite) { database, _ in
            let registry = LedgerService.makeRegistry(
                configuration: LedgerHarness.configuration(),
                database: database
            )
            let problems = ContractCheck.problems(in: registry)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }
}
