import LedgerAPI
import Testing

/// A bill writes its own JSON, exactly as its `Encodable` form gives Foundation's `JSONEncoder` with sorted keys
/// (which `JSONCoding` matches for every other type): every kind of split, optional members present and absent.
@Suite struct BillWritingTests {
    static let splits: [SplitSpec] = [
        SplitSpec(kind: "equal"),
        SplitSpec(kind: "equal", among: ["u_b", "u_a"]),
        SplitSpec(kind: "exact", amounts: ["u_b": "2.50", "u_a": "7.50", "U_c": "0"]),
        SplitSpec(kind: "shares", shares: ["u_b": 1, "u_a": 3, "é": 12]),
        SplitSpec(kind: "percent", percents: ["u_b": "33.33", "u_a": DecimalText("66.67")]),
        SplitSpec(
            kind: "itemized",
            items: [
                SplitItem(description: "pain \"bio\"\n", amount: "4.00", among: ["u_a"]),
                SplitItem(amount: "6.00", among: ["u_a", "u_b"]),
            ],
            tax: "0.80",
            tip: "1.20"
        ),
        SplitSpec(kind: "exact", amounts: [:]),
    ]

    static let values: [EntryValueView?] = [
        nil, EntryValueView(currency: "CAD", amount: "13.71", rate: "1.3710", rateDate: "2026-11-27", source: "ecb"),
    ]

    @Test(arguments: splits, values)
    func aBillWritesWhatItsEncodableFormDoes(split: SplitSpec, value: EntryValueView?) throws {
        let bill = BillView(
            billId: "b_1",
            householdId: "h_1",
            description: "Épicerie / marché \u{1F96C} \\ \t",
            amount: "10.00",
            currency: "EUR",
            date: "2026-11-27",
            category: value == nil ? nil : "groceries",
            payers: [MemberAmount(userId: "u_a", amount: "10.00")],
            shares: [MemberAmount(userId: "u_a", amount: "7.50"), MemberAmount(userId: "u_b", amount: "2.50")],
            split: split,
            version: value == nil ? 1 : 12,
            createdBy: "u_a",
            recurringId: value == nil ? "r_1" : nil,
            value: value
        )
        try expectWritesAsEncodable(bill)
    }
}
