/// The north-west corner rule: debtors laid end to end on one line in the given order, creditors likewise on a
/// second line of the same length; every overlap of a debtor's stretch with a creditor's stretch is one transfer.
///
/// For `m` members it gives at most `m − 1` transfers, in order of debtor and, per debtor, of creditor. It is
/// stable: paying any one of its transfers cuts the same segment out of both lines, so planning again with the
/// same orders gives exactly the other transfers.
enum NorthWestCorner {
    /// The overlaps of the two lines. Amounts are debts and credits above 0, with equal totals.
    static func transfers<Member>(
        debtors: [(member: Member, amount: Int64)],
        creditors: [(member: Member, amount: Int64)]
    ) -> [(from: Member, to: Member, amount: Int64)] {
        var transfers: [(from: Member, to: Member, amount: Int64)] = []
        var debtor = 0
        var creditor = 0
        var debtLeft = debtors.first?.amount ?? 0
        var creditLeft = creditors.first?.amount ?? 0
        while debtor < debtors.count, creditor < creditors.count {
            let amount = min(debtLeft, creditLeft)
            transfers.append((debtors[debtor].member, creditors[creditor].member, amount))
            debtLeft -= amount
            creditLeft -= amount
            if debtLeft == 0 {
                debtor += 1
                debtLeft = debtor < debtors.count ? debtors[debtor].amount : 0
            }
            if creditLeft == 0 {
                creditor += 1
                creditLeft = creditor < creditors.count ? creditors[creditor].amount : 0
            }
        }
        return transfers
    }
}
