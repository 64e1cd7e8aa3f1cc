/// Rounds bills to whole minor units so that no member drifts from the exact sum of their shares: error diffusion
/// over a household's bills in one currency, with transfers when a bill alone cannot keep the bound.
///
/// A member's *residue* is what they were charged minus their exact shares, over every live bill of the household in
/// that currency (and the transfers below), in ``ExactShares/scale`` units. The residues add up to 0.
/// - Each member first gets the floor of their exact share; the minor units left over go one each to the members
///   whose residue after that floor is lowest (most in their favour), ties by member id, and only to members whose
///   exact share is not whole, so every part is the floor or the ceiling of the exact share. With every residue 0
///   this is Hamilton's largest-remainder rule.
/// - No rule that rounds each bill among its own members keeps every residue under one minor unit once a household
///   has four members (docs/decisions.md has the proof). So after each write, while a residue is one minor unit or
///   more (or minus one or less), one minor unit of share moves from the member furthest over to the member
///   furthest under (``repairs(_:preferring:)``): a ``RoundingTransfer``. Every residue is then strictly within one
///   minor unit.
public enum ErrorDiffusion {
    /// Each member's part of `exact.total` and what it adds to their residue (`part × scale − exact share`).
    /// - Parameter residues: the household's residues in the bill's currency before this bill; absent means 0.
    public static func parts(
        of exact: ExactShares,
        residues: [String: Int64]
    ) -> (parts: [String: Int64], residueChanges: [String: Int64]) {
        let scale = ExactShares.scale
        var parts: [String: Int64] = [:]
        var fractional: [(member: String, after: Int128)] = []
        for (member, share) in exact.byMember {
            let floor = share / scale
            parts[member] = Int64(floor)
            if share % scale != 0 {
                fractional.append((member, Int128(residues[member] ?? 0) + floor * scale - share))
            }
        }
        let leftover = Int(Int128(exact.total) - parts.values.reduce(Int128(0)) { $0 + Int128($1) })
        let order = fractional.sorted { $0.after != $1.after ? $0.after < $1.after : $0.member < $1.member }
        for (member, _) in order.prefix(leftover) { parts[member]! += 1 }
        var changes: [String: Int64] = [:]
        for (member, share) in exact.byMember {
            changes[member] = Int64(Int128(parts[member]!) * scale - share)
        }
        return (parts.filter { $0.value > 0 }, changes)
    }

    /// The transfers that bring every residue strictly within one minor unit, applied to `residues`: while some
    /// residue is at least one minor unit, one unit moves from that member (the largest residue, ties by id) to the
    /// member with the smallest; while some residue is at most minus one, one unit moves to that member (the
    /// smallest) from the member with the largest. The partner is taken from `preferred` (the household's current
    /// members) when one of them has a residue of the other sign, else from everyone. Each transfer brings the sum of
    /// the residues' sizes down, and when the residues start within two minor units (one write's change to residues
    /// within one) it takes at most one transfer per member out of bounds.
    public static func repairs(
        _ residues: inout [String: Int64],
        preferring preferred: Set<String>? = nil
    ) -> [RoundingTransfer] {
        let unit = Int64(ExactShares.scale)
        var transfers: [RoundingTransfer] = []
        while let highest = extreme(residues, largest: true), let lowest = extreme(residues, largest: false),
            highest.value >= unit || lowest.value <= -unit
        {
            let over = highest.value >= unit
            let out = over ? highest : lowest
            let candidates = residues.filter { over ? $0.value < 0 : $0.value > 0 }
            let partner =
                extreme(candidates.filter { preferred?.contains($0.key) ?? true }, largest: !over)
                ?? extreme(candidates, largest: !over)!
            let (from, to) = over ? (out.key, partner.key) : (partner.key, out.key)
            residues[from]! -= unit
            residues[to]! += unit
            transfers.append(RoundingTransfer(from: from, to: to))
        }
        return transfers
    }

    /// The member with the largest (or smallest) residue, ties by id.
    private static func extreme(_ residues: [String: Int64], largest: Bool) -> (key: String, value: Int64)? {
        largest
            ? residues.max { ($0.value, $1.key) < ($1.value, $0.key) }
            : residues.min { ($0.value, $0.key) < ($1.value, $1.key) }
    }
}

/// One minor unit of share moved between two members to keep their rounding residues within one unit: `from`'s share
/// of the household's bills goes down by one minor unit and `to`'s goes up by one, so `to` owes `from` one more.
public struct RoundingTransfer: Sendable, Hashable {
    /// The member charged one unit less.
    public let from: String
    /// The member charged one unit more.
    public let to: String

    /// Creates a transfer.
    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }
}
