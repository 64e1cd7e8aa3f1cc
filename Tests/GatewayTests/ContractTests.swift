import GatewayAPI
import ReckonTesting
import Testing
import Wire

/// The gateway's own ops, checked against their types like every service's.
@Suite struct ContractTests {
    @Test func everyOpHasAResultSchemaAndArgsSchemasMatchTheirTypes() {
        let problems = ContractCheck.problems(of: GatewayOps.contracts)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
