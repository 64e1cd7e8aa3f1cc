import ArgumentParser
import LedgerAPI

/// How a bill is split: one of `--split equal [--among ...]`, `--split-exact`, `--shares`, `--percent` and
/// `--item` (with `--tax` and `--tip`). Names are `me`, usernames or user ids.
struct BillSplitOptions: ParsableArguments {
    @Option(help: "equal: the same share each, among every member or --among (the default split of a new bill).")
    var split: String?

    @Option(help: "Who shares an equal split, e.g. alice,bob (default: every member).")
    var among: String?

    @Option(name: .customLong("split-exact"), help: "Exact amounts summing to the bill, e.g. alice=10.00,bob=74.30.")
    var exact: String?

    @Option(help: "Whole numbers of shares, e.g. alice=2,bob=1.")
    var shares: String?

    @Option(help: "Percentages summing to 100 (up to 2 decimals each), e.g. alice=60,bob=40.")
    var percent: String?

    @Option(
        name: .customLong("item"),
        help: "A line WHAT=AMOUNT:NAME,NAME shared equally, e.g. \"Pizza=20.00:alice,bob\" (repeatable)."
    )
    var items: [String] = []

    @Option(help: "With --item: tax, prorated over the lines.")
    var tax: String?

    @Option(help: "With --item: tip, prorated over the lines.")
    var tip: String?

    func validate() throws {
        let forms = [split != nil || among != nil, exact != nil, shares != nil, percent != nil, !items.isEmpty]
        guard forms.filter({ $0 }).count <= 1 else {
            throw ValidationError(
                "give one split: --split equal [--among ...], --split-exact, --shares, --percent or --item"
            )
        }
        if let split, split != "equal" {
            throw ValidationError("--split takes equal; other splits: --split-exact, --shares, --percent, --item")
        }
        if items.isEmpty, tax != nil || tip != nil { throw ValidationError("--tax and --tip go with --item") }
        _ = try spec { $0 }
    }

    /// The split with every name turned into a user id by `userId`, or nil when no split option is given.
    func spec(_ userId: (String) throws -> String) throws -> SplitSpec? {
        if let exact {
            let amounts = try LedgerPairs.dictionary(exact, option: "--split-exact", key: userId) { $0 }
            return SplitSpec(kind: "exact", amounts: amounts)
        }
        if let shares {
            return SplitSpec(
                kind: "shares",
                shares: try LedgerPairs.dictionary(shares, option: "--shares", key: userId) { Int($0) }
            )
        }
        if let percent {
            let percents = try LedgerPairs.dictionary(percent, option: "--percent", key: userId) { DecimalText($0) }
            return SplitSpec(kind: "percent", percents: percents)
        }
        if !items.isEmpty {
            let lines = try items.map { text in
                var item = try LedgerPairs.item(text)
                item.among = try item.among.map(userId)
                return item
            }
            return SplitSpec(kind: "itemized", items: lines, tax: tax, tip: tip)
        }
        guard split != nil || among != nil else { return nil }
        return SplitSpec(kind: "equal", among: try among.map { try LedgerPairs.list($0).map(userId) })
    }
}
