/// A split given as one number per member (exact amounts, shares, basis points), checked field by field.
struct MemberAmounts {
    /// The numbers in ascending member id order.
    let entries: [(member: String, amount: Int64)]
    /// The JSON path of the dictionary, e.g. `split.amounts`.
    let field: String

    /// Checks that `amounts` names at least one member and only members.
    /// - Parameters:
    ///   - kind: The split's name for the message when it is empty, e.g. "an exact split".
    init(_ amounts: [String: Int64], field: String, kind: String, check: MemberCheck) throws(LedgerError) {
        guard !amounts.isEmpty else {
            throw LedgerError(.invalidSplit, "\(kind) needs at least one member", field: field)
        }
        entries = try check.requireKeys(amounts, field: field)
        self.field = field
    }

    /// Throws `code` at `field.member` for the first member whose number breaks `rule`.
    func requireEach(
        code: LedgerError.Code,
        where rule: (Int64) -> Bool,
        message: (Int64) -> String
    ) throws(LedgerError) {
        guard let bad = entries.first(where: { !rule($0.amount) }) else { return }
        throw LedgerError(code, message(bad.amount), field: "\(field).\(bad.member)")
    }

    /// The numbers added up, without overflow.
    var sum: Int128 { entries.reduce(0) { $0 + Int128($1.amount) } }

    /// The numbers as ``Allocation`` weights.
    var weights: [(member: String, weight: Int64)] { entries.map { ($0.member, $0.amount) } }
}
