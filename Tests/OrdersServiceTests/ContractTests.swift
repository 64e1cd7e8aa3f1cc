import OrdersService
import ReckonTesting
import Storage
import Testing
import Wire
import WorkerRuntime

/// The orders service's contract, checked op by op against its types: the list grows with the registry by itself.
@Suite struct ContractTests {
    /// The service's registry, as its worker makes it.
    private func registry(_ orders: OrdersHarness) throws -> OpRegistry {
        try OrdersService.makeRegistry(
            configuration: .init(staffKey: OrdersHarness.staffKey),
            database: orders.database,
            menu: orders.menu
        )
    }

    @Test func everyOpHasAResultSchemaAndArgsSchemasMatchTheirTypes() async throws {
        try await OrdersHarness.with(.sqlite) { orders in
            let registry = try registry(orders)
            let problems = ContractCheck.problems(in: registry)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }

    /// What a contract declares `staff` needs the staff key, and nothing else does: called with its recorded example's
    /// args, a staff op without the key is refused before it runs, and no other op is refused for the want of one.
    @Test func staffOpsAreTheOnesThatNeedTheKey() async throws {
        try await OrdersHarness.with(.sqlite) { orders in
            let registry = try registry(orders)
            #expect(registry.ops.filter { $0.access == .staff }.count == 9)
            for op in registry.ops {
                let refused: WireError?
                do {
                    _ = try await orders.call(op.name, op.example.args, token: "not the key")
                    refused = nil
                } catch let error as WireError {
                    refused = error
                }
                let forTheKey = refused.map { $0.message.contains("staff key") } ?? false
                #expect(forTheKey == (op.access == .staff), "\(op.name): \(refused.map { "\($0)" } ?? "answered")")
            }
        }
    }
}
