import Ledger
import LedgerAPI
import Money
import Wire

/// Reads a split as it travels (``LedgerAPI/SplitSpec``) into the domain's ``Ledger/SplitRule``.
struct SplitReader: Sendable {
    let currency: Currency
    /// Everyone who may take part; `equal` without `among` means the household's current members.
    let members: Set<String>

    /// - Throws: `invalid_argument` naming the field at fault.
    func rule(_ spec: SplitSpec) throws -> SplitRule {
        switch spec.kind {
        case "equal":
            return .equal(among: spec.among ?? members.sorted())
        case "exact":
            let amounts = try required(spec.amounts, "split.amounts")
            return .exact(
                try amounts.reduce(into: [:]) { result, pair in
                    result[pair.key] = try currency.amount(
                        pair.value,
                        field: "split.amounts.\(pair.key)",
                        allowsZero: true
                    )
                }
            )
        case "shares":
            let shares = try required(spec.shares, "split.shares")
            return .shares(shares.mapValues(Int64.init))
        case "percent":
            let percents = try required(spec.percents, "split.percents")
            return .percent(
                try percents.reduce(into: [:]) { result, pair in
                    guard let points = MinorUnits.parse(pair.value.text, digits: 2) else {
                        throw WireError(
                            .invalidArgument,
                            "a percentage has at most 2 decimals, like \"33.33\", not \"\(pair.value.text)\"",
                            field: "split.percents.\(pair.key)"
                        )
                    }
                    result[pair.key] = points
                }
            )
        case "itemized":
            let items = try required(spec.items, "split.items")
            return .itemized(
                ItemizedSplit(
                    items: try items.enumerated().map { index, item in
                        ItemizedSplit.Item(
                            description: item.description,
                            amount: try currency.amount(item.amount, field: "split.items[\(index)].amount"),
                            among: item.among
                        )
                    },
                    tax: try spec.tax.map { try currency.amount($0, field: "split.tax", allowsZero: true) } ?? 0,
                    tip: try spec.tip.map { try currency.amount($0, field: "split.tip", allowsZero: true) } ?? 0
                )
            )
        default:
            throw WireError(
                .invalidArgument,
                "split.kind must be equal, exact, shares, percent or itemized, not \(spec.kind)",
                field: "split.kind"
            )
        }
    }

    private func required<Value>(_ value: Value?, _ field: String) throws -> Value {
        guard let value else { throw WireError(.invalidArgument, "\(field) is required for this kind", field: field) }
        return value
    }
}
