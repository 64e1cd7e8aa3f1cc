import Calculator
import Ceiling
import Testing

/// A small seeded generator (SplitMix64), so property runs are repeatable.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random valid inputs for a product: a room given as length × width or as area only, a drop and the form's
/// other inputs left at their defaults (options stay valid without knowing the product).
func randomInputs(_ rng: inout SplitMix64, areaOnly: Bool) -> [String: CeilingValue] {
    func decimal(_ range: ClosedRange<Int>, scale: Int) -> Rational {
        Rational(Int.random(in: range, using: &rng), Rational.powersOfTenForTests[scale])
    }
    var values: [String: CeilingValue] = ["drop_m": .number(decimal(10...1000, scale: 2))]
    if areaOnly {
        values["area_m2"] = .number(decimal(10...500_000, scale: 2))
    } else {
        values["length_m"] = .number(decimal(30...5000, scale: 2))
        values["width_m"] = .number(decimal(30...5000, scale: 2))
    }
    values["variance_pct"] = .number(decimal(0...100, scale: 1))
    return values
}

@Suite struct PropertyTests {
    static let samplesPerProduct = 40

    @Test(arguments: catalogue.leafIDs)
    func doublingTheAreaNeverLowersAnyQuantity(_ leaf: String) throws {
        var rng = SplitMix64(state: leaf.utf8.reduce(17) { $0 &* 31 &+ UInt64($1) })
        for sample in 0..<Self.samplesPerProduct {
            let inputs = randomInputs(&rng, areaOnly: sample.isMultiple(of: 2))
            var doubled = inputs
            if let area = inputs["area_m2"]?.numberValue {
                doubled["area_m2"] = .number(area * Rational(2))
            } else if let length = inputs["length_m"]?.numberValue {
                doubled["length_m"] = .number(length * Rational(2))
            }
            let small = try catalogue.estimate(leaf: leaf, inputs: inputs)
            let large = try catalogue.estimate(leaf: leaf, inputs: doubled)
            for line in small.lines {
                let larger = large.quantity(line.id) ?? 0
                #expect(larger >= line.quantity, "\(leaf) \(line.id): \(line.quantity) -> \(larger) for \(inputs)")
            }
        }
    }

    @Test(arguments: catalogue.leafIDs)
    func quantitiesAreWholePiecesAndPacksHoldThem(_ leaf: String) throws {
        var rng = SplitMix64(state: UInt64(leaf.utf8.count * 7919))
        for sample in 0..<Self.samplesPerProduct {
            var inputs = randomInputs(&rng, areaOnly: sample.isMultiple(of: 3))
            if try catalogue.form(for: leaf).inputs.contains(where: { $0.name == "spare_tiles" }) {
                inputs["spare_tiles"] = .number(Rational(sample))
            }
            let estimate = try catalogue.estimate(leaf: leaf, inputs: inputs)
            for line in estimate.lines {
                #expect(line.quantity >= 1 && line.spares <= line.quantity)
                if let packSize = line.packSize, let packs = line.packs {
                    #expect(packs * packSize >= line.quantity && (packs - 1) * packSize < line.quantity)
                }
            }
            #expect(estimate.geometry.perimeterM.isWholeOrSixDecimals)
        }
    }

    @Test(arguments: catalogue.leafIDs)
    func moreVarianceNeverLowersAnyQuantity(_ leaf: String) throws {
        var rng = SplitMix64(state: 42)
        for _ in 0..<Self.samplesPerProduct / 2 {
            var inputs = randomInputs(&rng, areaOnly: false)
            inputs["variance_pct"] = 0
            let plain = try catalogue.estimate(leaf: leaf, inputs: inputs)
            inputs["variance_pct"] = 10
            let padded = try catalogue.estimate(leaf: leaf, inputs: inputs)
            for line in plain.lines { #expect((padded.quantity(line.id) ?? 0) >= line.quantity) }
        }
    }
}

extension Rational {
    /// 10^0 ... 10^6, for random decimals.
    static let powersOfTenForTests = [1, 10, 100, 1000, 10000, 100_000, 1_000_000]

    /// Whether the value needs at most 6 decimal places (the perimeter's precision).
    var isWholeOrSixDecimals: Bool { rounded(places: 6) == self }
}
