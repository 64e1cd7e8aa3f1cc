import Calculator
import Ceiling
import Foundation
import Testing

@Suite struct EstimatorTests {
    static let room: [String: CeilingValue] = ["length_m": 8, "width_m": 6, "drop_m": 1]

    @Test(arguments: catalogue.leafIDs)
    func everyProductEstimatesWithItsDefaults(_ leaf: String) throws {
        let estimate = try catalogue.estimate(leaf: leaf, inputs: Self.room)
        #expect(estimate.catalogueVersion == catalogue.version)
        #expect(estimate.path.last?.id == leaf)
        #expect(estimate.lines.count >= 6)
        #expect(estimate.lines.allSatisfy { $0.quantity > 0 && $0.unit == "pc" })
        #expect(estimate.notes.contains { $0.contains("rectangular room") })
    }

    @Test(arguments: ["seismic_1200x600", "seismic_600x600"])
    func seismicProductsRequireEngineeringDesign(_ leaf: String) throws {
        let estimate = try catalogue.estimate(leaf: leaf, inputs: Self.room)
        #expect(estimate.warnings.contains { $0.contains("require engineering design") })
        #expect(estimate.quantity("seismic_clip") != nil)
    }

    @Test func dropsBeyondOneRodAreJoinedAndWarned() throws {
        let short = try catalogue.estimate(leaf: "regal_600x600", inputs: Self.room.merging(["drop_m": 3.4]) { $1 })
        #expect(short.quantity("rod_joiner") == nil)
        #expect(short.warnings.isEmpty)
        let long = try catalogue.estimate(leaf: "regal_600x600", inputs: Self.room.merging(["drop_m": 3.5]) { $1 })
        let points = try #require(long.quantity("suspension_clip"))
        #expect(long.quantity("hanging_rod") == 2 * points)
        #expect(long.quantity("rod_joiner") == points)
        #expect(long.warnings.contains { $0.contains("longer than one 3.6 m hanging rod") })
    }

    @Test func oneRodPerPointFromADropOf1point8() throws {
        // The app returned no rods at exactly 1.8 m for some products (defect 7).
        let estimate = try catalogue.estimate(leaf: "corporate_1200", inputs: Self.room.merging(["drop_m": 1.8]) { $1 })
        #expect(estimate.quantity("hanging_rod") == estimate.quantity("suspension_clip"))
    }

    @Test func shallowConcealedCeilingSuggestsDirectFix() throws {
        let estimate = try catalogue.estimate(
            leaf: "concealed_fc600",
            inputs: Self.room.merging(["drop_m": 0.2]) { $1 }
        )
        #expect(estimate.warnings.contains { $0.contains("direct-fix") })
    }

    @Test func areaOnlyEstimatesTheSquareRoomPerimeterAndSaysSo() throws {
        let estimate = try catalogue.estimate(leaf: "klik_600x600", inputs: ["area_m2": 100, "drop_m": 1])
        #expect(estimate.geometry.perimeterM.decimalText == "40")
        #expect(estimate.geometry.perimeterEstimated)
        #expect(estimate.notes.contains { $0.contains("square room") })
        let measured = try catalogue.estimate(leaf: "klik_600x600", inputs: Self.room)
        #expect(!measured.notes.contains { $0.contains("square room") })
    }

    @Test func sparesAreAddedAfterRoundingAndNotScaled() throws {
        let base: [String: CeilingValue] = ["length_m": 7.3, "width_m": 4.1, "drop_m": 1, "variance_pct": 10]
        let without = try catalogue.estimate(leaf: "premium_600x600", inputs: base)
        let with = try catalogue.estimate(leaf: "premium_600x600", inputs: base.merging(["spare_tiles": 4]) { $1 })
        let tiles = try #require(without.quantity("tiles"))
        #expect(with.quantity("tiles") == tiles + 4)
        #expect(with.lines.first { $0.id == "tiles" }?.spares == 4)
        #expect(with.quantity("hanging_rod") == without.quantity("hanging_rod"))
    }

    @Test func screwsRoundUpToWholeBoxes() throws {
        let estimate = try catalogue.estimate(
            leaf: "concealed_fc450",
            inputs: ["length_m": 12, "width_m": 10, "drop_m": 1]
        )
        let screws = try #require(estimate.lines.first { $0.id == "board_screws" })
        #expect(screws.packSize == 1000)
        #expect(screws.quantity == 1276)  // 120 ÷ (0.45 × 0.23) × 1.1 = 1275.36
        #expect(screws.packs == 2)
        #expect(estimate.notes.contains { $0.contains("placeholder") })
    }

    @Test func boardSheetPicksTheProductAndItsCoverage() throws {
        let estimate = try catalogue.estimate(
            leaf: "concealed_fc600",
            inputs: Self.room.merging(["board_sheet": "1200x6000", "board_waste_pct": 0]) { $1 }
        )
        let board = try #require(estimate.lines.first { $0.id == "plasterboard" })
        #expect(board.productID == "board.13mm_1200x6000")
        #expect(board.quantity == 7)  // 48 ÷ 7.2 = 6.67
    }

    @Test func tileOptionPicksTheTileAndItsSplines() throws {
        let inputs = Self.room.merging(["tile_1200x300": true, "c_spline": true, "t_spline": true]) { $1 }
        let estimate = try catalogue.estimate(leaf: "regal_1200x1200", inputs: inputs)
        let cells = Decimal(48) / Decimal(string: "1.44")!  // 33.33 modules
        #expect(estimate.lines.first { $0.id == "tiles" }?.productID == "tile.1200x300")
        #expect(estimate.quantity("tiles") == Int(truncating: (cells * 4).rounded(.up) as NSNumber))
        #expect(estimate.quantity("c_spline") == estimate.quantity("t_spline"))  // 2 C and 2 T per module
        let defaults = try catalogue.estimate(leaf: "regal_1200x1200", inputs: Self.room)
        #expect(defaults.lines.first { $0.id == "tiles" }?.productID == "tile.1200x400")
        #expect(defaults.quantity("c_spline") == nil)
    }
}

extension Decimal {
    /// Rounded to a whole number in the given direction (test helper).
    func rounded(_ mode: NSDecimalNumber.RoundingMode) -> Decimal {
        var value = self
        var result = Decimal()
        NSDecimalRound(&result, &value, 0, mode)
        return result
    }
}
