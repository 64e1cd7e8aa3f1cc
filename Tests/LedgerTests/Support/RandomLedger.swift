import Ledger
import Money
import ReckonTesting

/// Random but valid bills, payments and nets for property tests, from a seeded generator.
struct RandomLedger {
    var random: SeededGenerator

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    /// `total` cut into `parts` amounts that add up to it; all above 0 when `positive` (needs `total >= parts`).
    mutating func cut(_ total: Int64, into parts: Int, positive: Bool) -> [Int64] {
        let free = positive ? total - Int64(parts) : total
        let cuts = ((0..<parts - 1).map { _ in Int64.random(in: 0...free, using: &random) } + [0, free]).sorted()
        return zip(cuts.dropFirst(), cuts).map { $0 - $1 + (positive ? 1 : 0) }
    }

    /// A non-empty random selection of `members`, in random order.
    mutating func some(of members: [String], atMost limit: Int = .max) -> [String] {
        Array(members.shuffled(using: &random).prefix(Int.random(in: 1...min(limit, members.count), using: &random)))
    }

    /// One to three payers whose amounts add up to `amount`.
    mutating func payers(of amount: Int64, among members: [String]) -> [String: Int64] {
        let payers = some(of: members, atMost: min(3, Int(amount)))
        return Dictionary(uniqueKeysWithValues: zip(payers, cut(amount, into: payers.count, positive: true)))
    }

    /// A valid split of `amount` of a random kind.
    mutating func split(of amount: Int64, among members: [String]) -> SplitRule {
        let chosen = some(of: members)
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return .equal(among: chosen)
        case 1:
            return .exact(
                Dictionary(uniqueKeysWithValues: zip(chosen, cut(amount, into: chosen.count, positive: false)))
            )
        case 2:
            return .shares(
                Dictionary(uniqueKeysWithValues: chosen.map { ($0, Int64.random(in: 1...5, using: &random)) })
            )
        case 3:
            return .percent(
                Dictionary(uniqueKeysWithValues: zip(chosen, cut(Percent.whole, into: chosen.count, positive: true)))
            )
        default: return .itemized(itemized(amount, among: members))
        }
    }

    /// Up to four items with random members, plus tax and tip, adding up to `amount` (at least 10).
    mutating func itemized(_ amount: Int64, among members: [String]) -> ItemizedSplit {
        let tax = Int64.random(in: 0...amount / 10, using: &random)
        let tip = Int64.random(in: 0...amount / 10, using: &random)
        let count = Int.random(in: 1...4, using: &random)
        let items = cut(amount - tax - tip, into: count, positive: true).map {
            ItemizedSplit.Item(amount: $0, among: some(of: members))
        }
        return ItemizedSplit(items: items, tax: tax, tip: tip)
    }

    /// A valid draft with one to three payers.
    mutating func draft(among members: [String], currency: Currency = Fixtures.euro) -> BillDraft {
        let amount = Int64.random(in: 10...(Bool.random(using: &random) ? 100 : 1_000_000), using: &random)
        return BillDraft(
            amount: amount,
            currency: currency,
            payers: payers(of: amount, among: members),
            split: split(of: amount, among: members)
        )
    }

    /// A household's entries: bills of every split kind and payments, in three currencies.
    mutating func entries(count: Int, among members: [String]) throws -> [LedgerEntry] {
        let currencies = [Fixtures.euro, Fixtures.yen, Fixtures.dinar]
        return try (0..<count).map { index in
            let currency = currencies.randomElement(using: &random)!
            let date = "2024-0\(Int.random(in: 1...9, using: &random))-1\(Int.random(in: 0...9, using: &random))"
            guard Int.random(in: 0..<4, using: &random) == 0 else {
                let draft = draft(among: members, currency: currency)
                return try LedgerEntry.bill(
                    id: "e\(index)",
                    date: date,
                    description: "bill \(index)",
                    draft: draft,
                    members: Set(members)
                )
            }
            let pair = Array(members.shuffled(using: &random).prefix(2))
            return try LedgerEntry.payment(
                id: "e\(index)",
                date: date,
                description: "payment \(index)",
                currency: currency,
                from: pair[0],
                to: pair[1],
                amount: Int64.random(in: 1...50_000, using: &random),
                members: Set(members)
            )
        }
    }

    /// Nets for `count` members drawn from `±values`, adding up to 0, none 0: the last one balances the others and
    /// must fall in `values` too.
    mutating func nets(count: Int, values: ClosedRange<Int64>) -> [String: Int64] {
        while true {
            var amounts = (0..<count - 1).map { _ in
                Int64.random(in: values, using: &random) * (Bool.random(using: &random) ? 1 : -1)
            }
            let last = -amounts.reduce(0, +)
            guard last != 0, abs(last) <= values.upperBound else { continue }
            amounts.append(last)
            return Dictionary(uniqueKeysWithValues: amounts.enumerated().map { ("m\($0.offset)", $0.element) })
        }
    }
}
