import Calculator
import Ceiling
import Foundation
import Tax
import Testing
import CalcAPI
import Wire

@testable import CalcService

/// Results that write their own JSON write exactly what their `Encodable` form gives Foundation's `JSONEncoder`
/// with sorted keys, which `JSONCoding` matches for every other type.
@Suite struct ResultWritingTests {
    private static let engine = Result { TaxEngine(tables: try TaxTables.bundled()) }

    private static func foundationJSON(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private static func written(_ value: some Encodable) throws -> String {
        String(decoding: try JSONCoding.encode(value), as: UTF8.self)
    }

    static let taxInputs: [TaxInput] = {
        var employed = TaxInput(province: "ON")
        employed.income.employment = FixedDecimal(85_000)
        var retired = TaxInput(province: "QC")
        retired.age = 72
        retired.income.oas = FixedDecimal(8_500)
        retired.income.pension = FixedDecimal(140_000)
        retired.income.eligibleDividends = FixedDecimal(12_000)
        var mixed = TaxInput(province: "BC")
        mixed.income.selfEmployment = FixedDecimal(64_000)
        mixed.income.capitalGains = FixedDecimal(30_000)
        mixed.income.foreign = FixedDecimal(5_000)
        mixed.income.foreignTaxPaid = FixedDecimal(750)
        mixed.deductions.rrsp = FixedDecimal(9_000)
        var nothing = TaxInput(province: "NU")
        nothing.income.other = FixedDecimal(0)
        return [employed, retired, mixed, nothing]
    }()

    @Test(arguments: taxInputs)
    func taxEstimateWritesWhatCodableWrites(input: TaxInput) throws {
        let result = TaxEstimateOp.Result(try Self.engine.get().estimate(input))
        #expect(!result.breakdown.isEmpty)
        #expect(try Self.written(result) == Self.foundationJSON(result))
    }

    static let ceilingRooms: [(leaf: String, inputs: [String: CeilingValue])] = [
        (
            "regal_600x600",
            ["length_m": .text("8.4"), "width_m": .text("6"), "drop_m": .text("0.8"), "spare_tiles": .text("4")]
        ),
        ("concealed_fc600", ["area_m2": .text("37.5"), "drop_m": .text("1.9")]),
        ("seismic_600x600", ["length_m": .text("5"), "width_m": .text("4.2"), "drop_m": .text("3.6")]),
    ]

    @Test(arguments: ceilingRooms)
    func ceilingEstimateWritesWhatCodableWrites(room: (leaf: String, inputs: [String: CeilingValue])) throws {
        let estimate = try CeilingCatalogue.bundled().estimate(leaf: room.leaf, inputs: room.inputs)
        let result = CeilingEstimateOp.Result(estimate)
        #expect(!result.components.isEmpty)
        #expect(try Self.written(result) == Self.foundationJSON(result))
    }

    @Test(arguments: ["1+1", "1/3", "2^0.5", "sin(pi/6)", "10!"])
    func evaluateWritesWhatCodableWrites(expression: String) throws {
        for showParsed in [false, true] {
            let options = ExpressionCalculator.Options(showParsed: showParsed)
            let result = EvaluateOp.Result(try ExpressionCalculator.evaluate(expression, options: options))
            #expect(try Self.written(result) == Self.foundationJSON(result))
        }
    }
}
