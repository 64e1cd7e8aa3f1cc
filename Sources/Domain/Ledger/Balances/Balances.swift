/// Balances derived from ledger entries: never stored, never rounded, always exact.
public enum Balances {
    /// Every member's balance, by currency code and member id. Bills feed ``MemberBalance/paid`` and
    /// ``MemberBalance/share``; payments feed ``MemberBalance/sent`` (the sender) and ``MemberBalance/received``;
    /// rounding transfers move ``MemberBalance/share`` (and ``MemberBalance/rounding``) between two members.
    /// Because each entry's two sides add up to the same amount, the nets of each currency add up to exactly 0.
    public static func compute(_ entries: [LedgerEntry]) -> [String: [String: MemberBalance]] {
        var balances: [String: [String: MemberBalance]] = [:]
        for entry in entries {
            record(entry, into: &balances[entry.currency, default: [:]])
        }
        return balances
    }

    /// Each member's net in one currency (the sum of their ``LedgerEntry/nets``), members at 0 included.
    public static func nets(_ entries: [LedgerEntry], currency: String) -> [String: Int64] {
        var nets: [String: Int64] = [:]
        for entry in entries where entry.currency == currency {
            nets.merge(entry.nets, uniquingKeysWith: +)
        }
        return nets
    }

    /// Adds one entry's amounts to its members' balances.
    private static func record(_ entry: LedgerEntry, into balances: inout [String: MemberBalance]) {
        if entry.kind == .rounding {
            for (member, amount) in entry.paid { balances[member, default: MemberBalance()].moveShare(-amount) }
            for (member, amount) in entry.owed { balances[member, default: MemberBalance()].moveShare(amount) }
            return
        }
        let paying: WritableKeyPath<MemberBalance, Int64> = entry.kind == .bill ? \.paid : \.sent
        let owing: WritableKeyPath<MemberBalance, Int64> = entry.kind == .bill ? \.share : \.received
        for (member, amount) in entry.paid {
            balances[member, default: MemberBalance()][keyPath: paying] += amount
        }
        for (member, amount) in entry.owed {
            balances[member, default: MemberBalance()][keyPath: owing] += amount
        }
    }
}
