import CalcAPI
import CalcService
import Calculator
import ReckonTesting
import Tax
import Testing

/// calc's contract, checked op by op against its types, and the lists CalcAPI keeps of the domain's names.
@Suite struct ContractTests {
    @Test func everyOpHasAResultSchemaAndArgsSchemasMatchTheirTypes() throws {
        let problems = ContractCheck.problems(in: try CalcService.makeRegistry(configuration: .init()))
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func theContractsListsAreTheCataloguesNames() {
        #expect(UnitsOp.categories == UnitCategory.allCases.map(\.rawValue))
        #expect(TaxTopicOp.topics == TaxTopics.all.map(\.id))
    }
}
