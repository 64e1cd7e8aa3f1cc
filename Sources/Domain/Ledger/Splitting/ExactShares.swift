/// Every member's exact share of a bill, in fixed point: ``scale`` units to one minor unit, adding up to exactly
/// `total × scale`.
///
/// A share is a sum of fractions `numerator / denominator` of a minor unit (one for a split by weights, one per line
/// for an itemized split). Each fraction is floored to the fixed unit; the few units the floors leave (fewer than the
/// fractions) go one each to the members in id order (round after round), so no share is more than one fixed unit
/// per fraction off its exact value, and the shares still add up. Products are taken in 128 bits after dividing out the whole minor units,
/// so amounts up to ``LedgerEntry/maximumAmount`` and any `Int64` weights are exact.
public struct ExactShares: Sendable, Hashable {
    /// Fixed units per minor unit: lcm(1…16) × 10^4, so shares with these denominators are exact (equal splits
    /// among up to 16 members, percentages, shares adding up to at most 16 and their products with 10^4); any
    /// other is floored to 1 / 7,207,200,000 of a minor unit.
    public static let scale: Int128 = 7_207_200_000

    /// What is shared, in minor units.
    public let total: Int64
    /// Each member's share in fixed units; members whose share is 0 are left out.
    public let byMember: [String: Int128]

    /// Shares of `total` made of `fractions` (each member's fractions of a minor unit, denominators above 0), which
    /// must add up to exactly `total`.
    init(total: Int64, fractions: [String: [(numerator: Int128, denominator: Int128)]]) {
        var shares: [String: Int128] = [:]
        for (member, parts) in fractions {
            shares[member] = parts.reduce(0) { sum, fraction in
                let (whole, rest) = fraction.numerator.quotientAndRemainder(dividingBy: fraction.denominator)
                return sum + whole * Self.scale + rest * Self.scale / fraction.denominator
            }
        }
        let members = shares.keys.sorted()
        var left = Int128(total) * Self.scale - shares.values.reduce(0, +)
        precondition(left >= 0 && left <= fractions.values.reduce(0) { $0 + Int128($1.count) }, "fractions must add up")
        while left > 0 {
            for member in members where left > 0 {
                shares[member]! += 1
                left -= 1
            }
        }
        self.total = total
        byMember = shares.filter { $0.value > 0 }
    }

    /// `total` in proportion to integer weights above 0.
    static func weighted(_ total: Int64, _ weights: [(member: String, weight: Int64)]) -> ExactShares {
        let sum = weights.reduce(Int128(0)) { $0 + Int128($1.weight) }
        var fractions: [String: [(numerator: Int128, denominator: Int128)]] = [:]
        for (member, weight) in weights { fractions[member] = [(Int128(total) * Int128(weight), sum)] }
        return ExactShares(total: total, fractions: fractions)
    }

    /// Exact amounts, as they are.
    static func exact(_ amounts: [String: Int64]) -> ExactShares {
        let total = amounts.values.reduce(0, +)
        return ExactShares(
            total: total,
            fractions: amounts.mapValues { [(numerator: Int128($0), denominator: Int128(1))] }
        )
    }
}
