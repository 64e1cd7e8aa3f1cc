import Calculator
import Ceiling
import Foundation
import Testing

/// A bad input and the one detail it must produce.
struct BadInput: Sendable, CustomTestStringConvertible {
    let leaf: String
    let inputs: [String: CeilingValue]
    let field: String
    let code: CeilingError.Code
    let message: String?

    var testDescription: String { "\(leaf) \(field) \(code)" }
}

@Suite struct InputValidationTests {
    static let room: [String: CeilingValue] = ["length_m": 8.4, "width_m": 6, "drop_m": 0.8]

    static let cases: [BadInput] = [
        .init(
            leaf: "regal_600x600",
            inputs: room.merging(["drop_m": 0.05]) { $1 },
            field: "drop_m",
            code: .outOfRange,
            message: "Length Drop must be between 0.1 and 10"
        ),
        .init(
            leaf: "regal_600x600",
            inputs: room.merging(["drop_m": 10.01]) { $1 },
            field: "drop_m",
            code: .outOfRange,
            message: "Length Drop must be between 0.1 and 10"
        ),
        .init(
            leaf: "regal_600x600",
            inputs: room.filter { $0.key != "drop_m" },
            field: "drop_m",
            code: .required,
            message: "Length Drop is required"
        ),
        .init(
            leaf: "regal_1200x1200",
            inputs: room.merging(["t_spline": true]) { $1 },
            field: "t_spline",
            code: .requiresOption,
            message: "T spline requires C spline"
        ),
        .init(
            leaf: "oneway_tophat32_1200x400",
            inputs: room.merging(["intermediate_t_spline": true]) { $1 },
            field: "intermediate_t_spline",
            code: .requiresOption,
            message: "Intermediate T spline requires C spline"
        ),
        .init(
            leaf: "regal_1200x1200",
            inputs: room.merging(["tile_1200x400": false]) { $1 },
            field: "tile_1200x400",
            code: .required,
            message: "choose 1200 X 400 Tile or 1200 X 300 Tile"
        ),
        .init(
            leaf: "regal_600x600",
            inputs: ["drop_m": 0.8],
            field: "length_m",
            code: .required,
            message: "give length_m and width_m, or area_m2"
        ),
        .init(
            leaf: "regal_600x600",
            inputs: ["length_m": 8.4, "drop_m": 0.8],
            field: "width_m",
            code: .required,
            message: nil
        ),
        .init(
            leaf: "regal_600x600",
            inputs: ["perimeter_m": 30, "drop_m": 0.8],
            field: "area_m2",
            code: .required,
            message: nil
        ),
        .init(
            leaf: "regal_600x600",
            inputs: ["area_m2": 100, "perimeter_m": 30, "drop_m": 0.8],
            field: "perimeter_m",
            code: .inconsistentGeometry,
            message: nil
        ),
        .init(
            leaf: "regal_600x600",
            inputs: room.merging(["area_m2": 51]) { $1 },
            field: "area_m2",
            code: .inconsistentGeometry,
            message: nil
        ),
        .init(
            leaf: "regal_600x600",
            inputs: room.merging(["perimeter_m": 30]) { $1 },
            field: "perimeter_m",
            code: .inconsistentGeometry,
            message: nil
        ),
        .init(
            leaf: "regal_600x600",
            inputs: room.merging(["length_m": 0.2]) { $1 },
            field: "length_m",
            code: .outOfRange,
            message: nil
        ),
        .init(
            leaf: "regal_600x600",
            inputs: room.merging(["spare_tiles": 2.5]) { $1 },
            field: "spare_tiles",
            code: .notInteger,
            message: nil
        ),
        .init(
            leaf: "regal_600x600",
            inputs: room.merging(["spare_tiles": -1]) { $1 },
            field: "spare_tiles",
            code: .outOfRange,
            message: nil
        ),
        .init(
            leaf: "regal_600x600",
            inputs: room.merging(["variance_pct": 11]) { $1 },
            field: "variance_pct",
            code: .outOfRange,
            message: nil
        ),
        .init(
            leaf: "regal_600x600",
            inputs: room.merging(["drop_m": "deep"]) { $1 },
            field: "drop_m",
            code: .wrongType,
            message: nil
        ),
        .init(
            leaf: "regal_600x600",
            inputs: room.merging(["troffers_1200x300": "yes"]) { $1 },
            field: "troffers_1200x300",
            code: .wrongType,
            message: nil
        ),
        .init(
            leaf: "concealed_fc600",
            inputs: room.merging(["board_sheet": "1200x9999"]) { $1 },
            field: "board_sheet",
            code: .notAChoice,
            message: nil
        ),
        .init(
            leaf: "regal_600x600",
            inputs: room.merging(["lenght_m": 8]) { $1 },
            field: "lenght_m",
            code: .unknownInput,
            message: nil
        ),
        .init(
            leaf: "concealed_fc600",
            inputs: room.merging(["spare_tiles": 4]) { $1 },
            field: "spare_tiles",
            code: .unknownInput,
            message: nil
        ),
    ]

    @Test(arguments: cases)
    func reportsOneDetail(_ bad: BadInput) throws {
        let error = try #require(throws: CeilingError.self) {
            try catalogue.estimate(leaf: bad.leaf, inputs: bad.inputs)
        }
        #expect(error.code == .invalidInputs)
        #expect(error.details.count == 1)
        let detail = try #require(error.details.first)
        #expect(detail.field == bad.field)
        #expect(detail.code == bad.code)
        if let message = bad.message { #expect(detail.message == message) }
        #expect(error.field == bad.field)
    }

    @Test func coSelectedTilesAreBothReported() throws {
        let inputs = Self.room.merging(["tile_1200x400": true, "tile_1200x300": true]) { $1 }
        let error = try #require(throws: CeilingError.self) {
            try catalogue.estimate(leaf: "klik_1200x1200", inputs: inputs)
        }
        #expect(error.details.map(\.field) == ["tile_1200x400", "tile_1200x300"])
        #expect(
            error.details.allSatisfy {
                $0.code == .conflictingOptions && $0.message == "1200 X 400 and 1200 X 300 cannot be co-selected"
            }
        )
    }

    @Test func everyBadFieldIsReportedOnceInFormOrder() throws {
        let inputs: [String: CeilingValue] = [
            "length_m": 8.4, "width_m": 6, "drop_m": 12, "spare_tiles": 0.5, "variance_pct": -1, "colour": "white",
        ]
        let error = try #require(throws: CeilingError.self) {
            try catalogue.estimate(leaf: "regal_600x600", inputs: inputs)
        }
        #expect(error.details.map(\.field) == ["drop_m", "spare_tiles", "variance_pct", "colour"])
        #expect(error.message == "4 inputs are invalid")
    }

    @Test(arguments: [0.1, 10] as [CeilingValue])
    func dropLimitsAreAccepted(_ drop: CeilingValue) throws {
        let estimate = try catalogue.estimate(leaf: "regal_600x600", inputs: Self.room.merging(["drop_m": drop]) { $1 })
        #expect(estimate.quantity("hanging_rod") != nil)
    }

    @Test func geometryWithinOnePercentAndNumbersAsTextAreAccepted() throws {
        let inputs = Self.room.merging(["area_m2": 50.6, "perimeter_m": "28.9", "drop_m": "0.8"]) { $1 }
        let estimate = try catalogue.estimate(leaf: "regal_600x600", inputs: inputs)
        #expect(estimate.geometry.areaM2.decimalText == "50.4")
        #expect(estimate.geometry.perimeterM.decimalText == "28.8")
    }

    @Test func perimeterOfACircleIsTheLeastAccepted() throws {
        // 2√(π·100) = 35.449…: 35.45 passes, 35.44 does not.
        let good = try catalogue.estimate(
            leaf: "regal_600x600",
            inputs: ["area_m2": 100, "perimeter_m": 35.45, "drop_m": 1]
        )
        #expect(good.geometry.perimeterM.decimalText == "35.45")
        #expect(throws: CeilingError.self) {
            try catalogue.estimate(leaf: "regal_600x600", inputs: ["area_m2": 100, "perimeter_m": 35.44, "drop_m": 1])
        }
    }

    @Test func unknownProductAndMenuAreRefused() throws {
        let missing = try #require(throws: CeilingError.self) {
            try catalogue.estimate(leaf: "gold", inputs: Self.room)
        }
        #expect(missing.code == .notFound && missing.field == "product")
        let menu = try #require(throws: CeilingError.self) {
            try catalogue.estimate(leaf: "klik_steel", inputs: Self.room)
        }
        #expect(menu.code == .notALeaf && menu.field == "product")
    }
}
