import Foundation
import Testing

@testable import Tax

/// Every jurisdiction, both years, several incomes: the engine against figures typed from the published tables
/// (`/work/shared/domain/tax-canada.md`, CRA and provincial pages) and recomputed here in `Foundation.Decimal`.
///
/// For income `I` of "other" income (no payroll, no employment amount):
/// federal = max(0, brackets(I) − rate × BPA(I)), × (1 − 16.5%) in Quebec;
/// provincial = max(0, brackets(I) − lowest rate × BPA(I)), plus in Ontario the surtax
/// 20% × (B − t1) + 36% × (B − t2) and the health premium. The incomes are above every low-income reduction.
@Suite struct JurisdictionTaxTests {
    struct PublishedBPA {
        let max: Decimal, min: Decimal, start: Decimal?, end: Decimal?
        init(flat: Int) { (max, min, start, end) = (Decimal(flat), Decimal(flat), nil, nil) }
        init(max: Int, min: Int, start: Int, end: Int) {
            (self.max, self.min, self.start, self.end) = (Decimal(max), Decimal(min), Decimal(start), Decimal(end))
        }
        /// max − (max − min) × (I − start) ÷ (end − start), clamped.
        func amount(_ income: Decimal) -> Decimal {
            guard let start, let end, income > start else { return max }
            return income >= end ? min : max - (max - min) * (income - start) / (end - start)
        }
    }

    struct Published {
        let bpa: PublishedBPA
        let bands: [(Decimal?, Decimal)]
        init(bpa: PublishedBPA, bands: [(Int?, String)]) {
            self.bpa = bpa
            self.bands = bands.map { ($0.0.map { Decimal($0) }, Decimal(string: $0.1)!) }
        }
        var rate: Decimal { bands[0].1 }
        func basicTax(_ income: Decimal) -> Decimal {
            Swift.max(0, referenceBracketTax(income, bands) - rate * bpa.amount(income))
        }
    }

    static let federal: [Int: Published] = [
        2025: .init(
            bpa: .init(max: 16_129, min: 14_538, start: 177_882, end: 253_414),
            bands: [(57_375, "0.145"), (114_750, "0.205"), (177_882, "0.26"), (253_414, "0.29"), (nil, "0.33")]
        ),
        2026: .init(
            bpa: .init(max: 16_452, min: 14_829, start: 181_440, end: 258_482),
            bands: [(58_523, "0.14"), (117_045, "0.205"), (181_440, "0.26"), (258_482, "0.29"), (nil, "0.33")]
        ),
    ]

    /// Provincial tables as published. B.C. 2026 is replaced below by Budget 2026's 5.60% lowest rate.
    static let provinces: [Int: [String: Published]] = [
        2025: [
            "AB": .init(
                bpa: .init(flat: 22_323),
                bands: [
                    (60_000, "0.08"), (151_234, "0.1"), (181_481, "0.12"), (241_974, "0.13"), (362_961, "0.14"),
                    (nil, "0.15"),
                ]
            ),
            "BC": .init(
                bpa: .init(flat: 12_932),
                bands: [
                    (49_279, "0.0506"), (98_560, "0.077"), (113_158, "0.105"), (137_407, "0.1229"),
                    (186_306, "0.147"), (259_829, "0.168"), (nil, "0.205"),
                ]
            ),
            "MB": .init(
                bpa: .init(max: 15_780, min: 0, start: 200_000, end: 400_000),
                bands: [(47_000, "0.108"), (100_000, "0.1275"), (nil, "0.174")]
            ),
            "NB": .init(
                bpa: .init(flat: 13_396),
                bands: [(51_306, "0.094"), (102_614, "0.14"), (190_060, "0.16"), (nil, "0.195")]
            ),
            "NL": .init(
                bpa: .init(flat: 11_067),
                bands: [
                    (44_192, "0.087"), (88_382, "0.145"), (157_792, "0.158"), (220_910, "0.178"),
                    (282_214, "0.198"), (564_429, "0.208"), (1_128_858, "0.213"), (nil, "0.218"),
                ]
            ),
            "NS": .init(
                bpa: .init(flat: 11_744),
                bands: [
                    (30_507, "0.0879"), (61_015, "0.1495"), (95_883, "0.1667"), (154_650, "0.175"),
                    (nil, "0.21"),
                ]
            ),
            "ON": .init(
                bpa: .init(flat: 12_747),
                bands: [
                    (52_886, "0.0505"), (105_775, "0.0915"), (150_000, "0.1116"), (220_000, "0.1216"),
                    (nil, "0.1316"),
                ]
            ),
            "PE": .init(
                bpa: .init(flat: 14_650),
                bands: [
                    (33_328, "0.095"), (64_656, "0.1347"), (105_000, "0.166"), (140_000, "0.1762"),
                    (nil, "0.19"),
                ]
            ),
            "QC": .init(
                bpa: .init(flat: 18_571),
                bands: [(53_255, "0.14"), (106_495, "0.19"), (129_590, "0.24"), (nil, "0.2575")]
            ),
            "SK": .init(
                bpa: .init(flat: 19_491),
                bands: [(53_463, "0.105"), (152_750, "0.125"), (nil, "0.145")]
            ),
            "NT": .init(
                bpa: .init(flat: 17_842),
                bands: [(51_964, "0.059"), (103_930, "0.086"), (168_967, "0.122"), (nil, "0.1405")]
            ),
            "NU": .init(
                bpa: .init(flat: 19_274),
                bands: [(54_707, "0.04"), (109_413, "0.07"), (177_881, "0.09"), (nil, "0.115")]
            ),
            "YT": .init(
                bpa: .init(max: 16_129, min: 14_538, start: 177_882, end: 253_414),
                bands: [(57_375, "0.064"), (114_750, "0.09"), (177_882, "0.109"), (500_000, "0.128"), (nil, "0.15")]
            ),
        ],
        2026: [
            "AB": .init(
                bpa: .init(flat: 22_769),
                bands: [
                    (61_200, "0.08"), (154_259, "0.1"), (185_111, "0.12"), (246_813, "0.13"), (370_220, "0.14"),
                    (nil, "0.15"),
                ]
            ),
            "BC": .init(
                bpa: .init(flat: 13_216),
                bands: [
                    (50_363, "0.0506"), (100_728, "0.077"), (115_648, "0.105"), (140_430, "0.1229"),
                    (190_405, "0.147"), (265_545, "0.168"), (nil, "0.205"),
                ]
            ),
            "MB": .init(
                bpa: .init(max: 15_780, min: 0, start: 200_000, end: 400_000),
                bands: [(47_000, "0.108"), (100_000, "0.1275"), (nil, "0.174")]
            ),
            "NB": .init(
                bpa: .init(flat: 13_664),
                bands: [(52_333, "0.094"), (104_666, "0.14"), (193_861, "0.16"), (nil, "0.195")]
            ),
            "NL": .init(
                bpa: .init(flat: 11_188),
                bands: [
                    (44_678, "0.087"), (89_354, "0.145"), (159_528, "0.158"), (223_340, "0.178"),
                    (285_319, "0.198"), (570_638, "0.208"), (1_141_275, "0.213"), (nil, "0.218"),
                ]
            ),
            "NS": .init(
                bpa: .init(flat: 11_932),
                bands: [
                    (30_995, "0.0879"), (61_991, "0.1495"), (97_417, "0.1667"), (157_124, "0.175"),
                    (nil, "0.21"),
                ]
            ),
            "ON": .init(
                bpa: .init(flat: 12_989),
                bands: [
                    (53_891, "0.0505"), (107_785, "0.0915"), (150_000, "0.1116"), (220_000, "0.1216"),
                    (nil, "0.1316"),
                ]
            ),
            "PE": .init(
                bpa: .init(flat: 15_000),
                bands: [
                    (33_928, "0.095"), (65_820, "0.1347"), (106_890, "0.166"), (142_520, "0.1762"),
                    (nil, "0.19"),
                ]
            ),
            "QC": .init(
                bpa: .init(flat: 18_952),
                bands: [(54_345, "0.14"), (108_680, "0.19"), (132_245, "0.24"), (nil, "0.2575")]
            ),
            "SK": .init(
                bpa: .init(flat: 20_381),
                bands: [(54_532, "0.105"), (155_805, "0.125"), (nil, "0.145")]
            ),
            "NT": .init(
                bpa: .init(flat: 18_199),
                bands: [(53_003, "0.059"), (106_009, "0.086"), (172_346, "0.122"), (nil, "0.1405")]
            ),
            "NU": .init(
                bpa: .init(flat: 19_660),
                bands: [(55_801, "0.04"), (111_602, "0.07"), (181_439, "0.09"), (nil, "0.115")]
            ),
            "YT": .init(
                bpa: .init(max: 16_452, min: 14_829, start: 181_440, end: 258_482),
                bands: [(58_523, "0.064"), (117_045, "0.09"), (181_440, "0.109"), (500_000, "0.128"), (nil, "0.15")]
            ),
        ],
    ]

    /// B.C. Budget 2026 (17 Feb 2026, gov.bc.ca): lowest rate 5.06% → 5.60% from January 1 2026.
    static let britishColumbia2026 = Published(
        bpa: .init(flat: 13_216),
        bands: [
            (50_363, "0.056"), (100_728, "0.077"), (115_648, "0.105"), (140_430, "0.1229"), (190_405, "0.147"),
            (265_545, "0.168"), (nil, "0.205"),
        ]
    )

    /// Ontario Health Premium as on ON428: 6% over 20k (≤ 300), 6% over 36k (≤ 450), 25% over 48k (≤ 600),
    /// 25% over 72k (≤ 750), 25% over 200k (≤ 900).
    static func ontarioHealthPremium(_ income: Decimal) -> Decimal {
        let tiers: [(Decimal, Decimal, Decimal, Decimal)] = [
            (20_000, Decimal(string: "0.06")!, 0, 300), (36_000, Decimal(string: "0.06")!, 300, 450),
            (48_000, Decimal(string: "0.25")!, 450, 600), (72_000, Decimal(string: "0.25")!, 600, 750),
            (200_000, Decimal(string: "0.25")!, 750, 900),
        ]
        guard let tier = tiers.last(where: { income > $0.0 }) else { return 0 }
        return min(tier.3, tier.2 + tier.1 * (income - tier.0))
    }

    static let cases: [(Jurisdiction, Int)] = Jurisdiction.allCases.flatMap { [($0, 2025), ($0, 2026)] }

    @Test(arguments: cases)
    func federalAndProvincialTaxMatchThePublishedTables(_ jurisdiction: Jurisdiction, _ year: Int) throws {
        let federalTable = try #require(Self.federal[year])
        let table =
            jurisdiction == .BC && year == 2026
            ? Self.britishColumbia2026 : try #require(Self.provinces[year]?[jurisdiction.rawValue])
        for income in [45_000, 95_000, 300_000] {
            let estimate = try Fixture.engine.estimate(Fixture.other(income, jurisdiction.rawValue, year: year))
            let amount = Decimal(income)
            var federal = federalTable.basicTax(amount)
            if jurisdiction == .QC { federal -= federal * Decimal(string: "0.165")! }
            var provincial = table.basicTax(amount)
            if jurisdiction == .ON {
                let (first, second): (Decimal, Decimal) = year == 2025 ? (5_710, 7_307) : (5_818, 7_446)
                provincial +=
                    Decimal(string: "0.2")! * max(0, provincial - first)
                    + Decimal(string: "0.36")! * max(0, provincial - second) + Self.ontarioHealthPremium(amount)
            }
            #expect(estimate.federal.decimalValue == cents(federal), "\(jurisdiction) \(year) \(income) federal")
            #expect(estimate.provincial.decimalValue == cents(provincial), "\(jurisdiction) \(year) \(income)")
        }
    }

    /// Top combined marginal rates on ordinary income, 2025 (RCGT Tax Planning Guide, Table I3), against the
    /// engine's own marginal rate at $2,000,000.
    @Test(arguments: [
        ("AB", "0.48"), ("BC", "0.535"), ("MB", "0.504"), ("NB", "0.525"), ("NL", "0.548"), ("NS", "0.54"),
        ("NT", "0.4705"), ("NU", "0.445"), ("ON", "0.5353"), ("PE", "0.52"), ("QC", "0.5331"), ("SK", "0.475"),
        ("YT", "0.48"),
    ])
    func topMarginalRatesMatchPublishedRates(_ province: String, _ published: String) throws {
        let estimate = try Fixture.engine.estimate(Fixture.other(2_000_000, province))
        let difference = estimate.marginalRate - Fixture.money(published)
        // Quebec's published 53.31% rounds 25.75% + 33% × 83.5% = 53.305%.
        #expect(max(difference, -difference) <= Fixture.money("0.00005"), "\(province): \(estimate.marginalRate)")
    }
}
