import OrdersService
import ReckonTesting
import Storage
import Testing

/// The orders service's contract, checked op by op against its types: the list grows with the registry by itself.
@Suite struct ContractTests {
    @Test func everyOpHasAResultSchemaAndArgsSchemasMatchTheirTypes() async throws {
        try await OrdersHarness.with(.sqlite) { orders in
            let registry = try OrdersService.makeRegistry(
                configuration: .init(staffKey: OrdersHarness.staffKey),
                database: orders.database,
                menu: orders.menu
            )
            let problems = ContractCheck.problems(in: registry)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }
}
