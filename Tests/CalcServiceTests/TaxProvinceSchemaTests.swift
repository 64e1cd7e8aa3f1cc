import Tax
import Testing

@testable import CalcAPI

/// The province codes the tax ops' schema states are the ones the tax engine reads.
@Suite struct TaxProvinceSchemaTests {
    @Test func theSchemaNamesEveryJurisdictionAndNoOther() {
        #expect(TaxSchemas.provinceCodes == Jurisdiction.allCases.map(\.rawValue))
    }
}
