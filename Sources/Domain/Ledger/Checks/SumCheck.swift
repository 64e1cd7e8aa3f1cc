/// Checks that amounts add up to their target, and otherwise says how far off they are and in which direction:
/// "the exact amounts add up to 84.29, 0.01 short of the bill's 84.30".
struct SumCheck {
    /// What the amounts are, as the subject of the sentence: "the exact amounts".
    let subject: String
    /// What they should add up to, as written after "short of" or "over": "the bill's 84.30", "100.00%".
    let targetLabel: String
    /// How an amount is written: in the bill's currency, or as a percentage.
    let format: (Int64) -> String

    /// Throws `code` at `field` unless `sum` equals `target`.
    func require(
        _ sum: Int128,
        equals target: Int64,
        code: LedgerError.Code,
        field: String
    ) throws(LedgerError) {
        guard sum != Int128(target) else { return }
        throw LedgerError(code, message(sum, target: target), field: field)
    }

    private func message(_ sum: Int128, target: Int64) -> String {
        guard let sum = Int64(exactly: sum) else {
            return "\(subject) add up to more than \(format(.max)), far over \(targetLabel)"
        }
        let direction = sum < target ? "short of" : "over"
        return "\(subject) add up to \(format(sum)), \(format(abs(sum - target))) \(direction) \(targetLabel)"
    }
}
