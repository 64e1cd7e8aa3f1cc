/// Splits a whole number of minor units in proportion to integer weights, exactly: the parts always add up to the
/// total, and nobody's part is more than one unit away from their exact share.
///
/// The rule (Hamilton's largest remainder, with Spliit's tie rule):
/// 1. Each member first gets the floor of their exact share, `total × weight / Σ weights`.
/// 2. The units left over (fewer than the number of members) go one each to the members with the largest
///    remainders of that division.
/// 3. Members with equal remainders are ordered by id (ascending), then that order is rotated left by
///    `FNV-1a-64(tieSeed) mod (number of tied members)`, so that across bills (each with its own seed) the extra
///    cent does not always land on the same person. The rotation applies to each group of equal remainders.
///
/// Products and sums are computed in 128 bits, so any `Int64` total and weights are exact.
///
/// ```swift
/// Allocation.allocate(total: 100, weights: [("u1", 1), ("u2", 1), ("u3", 1)], tieSeed: "bill-7")
/// // 34 for one member (chosen by the seed), 33 for the two others
/// ```
public enum Allocation {
    /// Splits `total` in proportion to `weights` by the rule above.
    /// - Parameters:
    ///   - total: The amount to split, in minor units; at least 0.
    ///   - weights: Each member once, with a weight above 0.
    ///   - tieSeed: Text that picks who gets a leftover unit among members with equal remainders (a bill id).
    /// - Returns: Every member's part, adding up to exactly `total`.
    public static func allocate(
        total: Int64,
        weights: [(member: String, weight: Int64)],
        tieSeed: String
    ) -> [String: Int64] {
        precondition(total >= 0, "cannot allocate a negative total")
        precondition(!weights.isEmpty, "cannot allocate among nobody")
        precondition(weights.allSatisfy { $0.weight > 0 }, "weights must be above 0")
        let weightSum = weights.reduce(Int128(0)) { $0 + Int128($1.weight) }
        var parts: [String: Int64] = [:]
        var remainders: [(member: String, remainder: Int128)] = []
        var handedOut: Int128 = 0
        for (member, weight) in weights {
            let (floor, remainder) = (Int128(total) * Int128(weight)).quotientAndRemainder(dividingBy: weightSum)
            parts[member] = Int64(floor)
            handedOut += floor
            remainders.append((member, remainder))
        }
        precondition(parts.count == weights.count, "each member must be weighted once")
        let leftover = Int(Int128(total) - handedOut)
        for member in leftoverOrder(remainders, tieSeed: tieSeed).prefix(leftover) {
            parts[member, default: 0] += 1
        }
        return parts
    }

    /// Members by descending remainder; each run of equal remainders in ascending id order, rotated by the seed.
    private static func leftoverOrder(
        _ remainders: [(member: String, remainder: Int128)],
        tieSeed: String
    ) -> [String] {
        let sorted = remainders.sorted {
            $0.remainder != $1.remainder ? $0.remainder > $1.remainder : $0.member < $1.member
        }
        let seed = fnv1a64(tieSeed)
        var order: [String] = []
        var start = sorted.startIndex
        while start < sorted.endIndex {
            let tied = sorted[start...].prefix { $0.remainder == sorted[start].remainder }.map(\.member)
            let shift = Int(seed % UInt64(tied.count))
            order += tied[shift...] + tied[..<shift]
            start += tied.count
        }
        return order
    }

    /// The 64-bit FNV-1a hash of the text's UTF-8 bytes.
    private static func fnv1a64(_ text: String) -> UInt64 {
        text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }
}
