extension Balances {
    /// The un-simplified view, by currency code: who owes whom as the entries themselves say, before debts are
    /// simplified into transfers.
    ///
    /// Within each entry, every member whose net in the entry is negative owes the members whose net is positive, in
    /// proportion to those positive nets: debtors in id order each allocate their debt with ``Allocation`` (tie seed:
    /// the entry id) in proportion to what each creditor is still owed in that entry, so each debtor pays exactly
    /// their debt and each creditor receives exactly their credit. These debts are summed over the entries and netted
    /// per pair of members; pairs that cancel out are dropped. Each member's debts therefore net to exactly their
    /// balance. Sorted by `from`, then `to`.
    public static func pairwiseDebts(_ entries: [LedgerEntry]) -> [String: [Debt]] {
        var owing: [String: [MemberPair: Int64]] = [:]
        for entry in entries {
            for debt in debts(in: entry) {
                let pair = MemberPair(debt.from, debt.to)
                owing[entry.currency, default: [:]][pair, default: 0] +=
                    pair.first == debt.from ? debt.amount : -debt.amount
            }
        }
        return owing.mapValues { amounts in
            amounts.compactMap { pair, amount in
                switch amount {
                case 0: nil
                case 1...: Debt(from: pair.first, to: pair.second, amount: amount)
                default: Debt(from: pair.second, to: pair.first, amount: -amount)
                }
            }
            .sorted { ($0.from, $0.to) < ($1.from, $1.to) }
        }
    }

    /// Who owes whom within one entry, by the rule of ``pairwiseDebts(_:)``.
    private static func debts(in entry: LedgerEntry) -> [Debt] {
        let nets = entry.nets.sorted { $0.key < $1.key }
        var stillOwed = nets.filter { $0.value > 0 }.map { (member: $0.key, weight: $0.value) }
        var debts: [Debt] = []
        for (debtor, net) in nets where net < 0 {
            let parts = Allocation.allocate(total: -net, weights: stillOwed, tieSeed: entry.id)
            for (creditor, amount) in parts where amount > 0 {
                debts.append(Debt(from: debtor, to: creditor, amount: amount))
            }
            stillOwed = stillOwed.map { ($0.member, $0.weight - parts[$0.member, default: 0]) }.filter { $0.weight > 0 }
        }
        return debts
    }
}

/// Two member ids in ascending order, so that a pair's debts in both directions meet under one key.
private struct MemberPair: Hashable {
    let first: String
    let second: String

    init(_ one: String, _ other: String) {
        (first, second) = one < other ? (one, other) : (other, one)
    }
}
