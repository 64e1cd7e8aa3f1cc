import Ledger
import Money
import Testing

@Suite struct SplitErrorTests {
    static let item = ItemizedSplit.Item(amount: 4000, among: ["u1"])

    @Test(
        "a bad draft names the field, the code and how far off it is",
        arguments: [
            (Fixtures.draft(0, split: .equal(among: ["u1"])), "invalid_amount", "amount", "must be above 0, not 0.00"),
            (
                Fixtures.draft(LedgerEntry.maximumAmount + 1, split: .equal(among: ["u1"])), "invalid_amount", "amount",
                "must be at most 10000000000000.00"
            ),
            (
                Fixtures.draft(8430, payers: ["u9": 8430], split: .equal(among: ["u1"])), "unknown_member", "payers.u9",
                "u9 is not a member of the household"
            ),
            (
                Fixtures.draft(8430, payers: ["u1": 8430, "u2": 0], split: .equal(among: ["u1"])), "invalid_amount",
                "payers.u2", "must be above 0, not 0.00"
            ),
            (
                Fixtures.draft(8430, payers: ["u1": 8000, "u2": 429], split: .equal(among: ["u1"])),
                "payer_sum_mismatch",
                "payers", "the payers add up to 84.29, 0.01 short of the bill's 84.30"
            ),
            (
                Fixtures.draft(8430, payers: ["u1": 8000, "u2": 431], split: .equal(among: ["u1"])),
                "payer_sum_mismatch",
                "payers", "the payers add up to 84.31, 0.01 over the bill's 84.30"
            ),
            (
                Fixtures.draft(8430, payers: [:], split: .equal(among: ["u1"])), "payer_sum_mismatch", "payers",
                "the payers add up to 0.00, 84.30 short of the bill's 84.30"
            ),
            (
                Fixtures.draft(8430, split: .exact(["u1": 5000, "u2": 3429])), "split_sum_mismatch", "split.amounts",
                "the exact amounts add up to 84.29, 0.01 short of the bill's 84.30"
            ),
            (
                Fixtures.draft(1000, currency: Fixtures.yen, split: .exact(["u1": 600, "u2": 500])),
                "split_sum_mismatch",
                "split.amounts", "the exact amounts add up to 1100, 100 over the bill's 1000"
            ),
            (
                Fixtures.draft(8430, split: .exact(["u1": .max, "u2": .max])), "split_sum_mismatch", "split.amounts",
                "the exact amounts add up to more than 92233720368547758.07, far over the bill's 84.30"
            ),
            (
                Fixtures.draft(8430, split: .exact(["u1": 8530, "u2": -100])), "invalid_amount", "split.amounts.u2",
                "an exact amount must not be negative, not -1.00"
            ),
            (
                Fixtures.draft(8430, split: .exact(["u1": 8430, "zz": 0])), "unknown_member", "split.amounts.zz",
                "zz is not a member of the household"
            ),
            (
                Fixtures.draft(8430, split: .exact([:])), "invalid_split", "split.amounts",
                "an exact split needs at least one member"
            ),
            (
                Fixtures.draft(8430, split: .shares(["u1": 1, "u2": 0])), "invalid_split", "split.shares.u2",
                "a share must be a whole number above 0, not 0"
            ),
            (
                Fixtures.draft(8430, split: .percent(["u1": 3333, "u2": 3333, "u3": 3333])), "split_sum_mismatch",
                "split.percents", "the percentages add up to 99.99%, 0.01% short of 100.00%"
            ),
            (
                Fixtures.draft(8430, split: .percent(["u1": 10_000, "u2": 0])), "invalid_split", "split.percents.u2",
                "a percentage must be above 0, not 0.00%"
            ),
            (
                Fixtures.draft(8430, split: .equal(among: [])), "invalid_split", "split.among",
                "an equal split needs at least one member"
            ),
            (
                Fixtures.draft(8430, split: .equal(among: ["u1", "u2", "u1"])), "duplicate_member", "split.among[2]",
                "u1 is listed twice"
            ),
            (
                Fixtures.draft(8430, split: .equal(among: ["u1", "me"])), "unknown_member", "split.among[1]",
                "me is not a member of the household"
            ),
            (
                Fixtures.draft(6000, split: .itemized(ItemizedSplit(items: []))), "invalid_split", "split.items",
                "an itemized split needs at least one item"
            ),
            (
                Fixtures.draft(6000, split: .itemized(ItemizedSplit(items: [item, .init(amount: 2000, among: [])]))),
                "invalid_split", "split.items[1].among", "an item needs at least one member to share it"
            ),
            (
                Fixtures.draft(
                    6000,
                    split: .itemized(ItemizedSplit(items: [item, .init(amount: 2000, among: ["u5"])]))
                ),
                "unknown_member", "split.items[1].among[0]", "u5 is not a member of the household"
            ),
            (
                Fixtures.draft(6000, split: .itemized(ItemizedSplit(items: [.init(amount: 0, among: ["u1"])]))),
                "invalid_amount", "split.items[0].amount", "an item's amount must be above 0, not 0.00"
            ),
            (
                Fixtures.draft(6000, split: .itemized(ItemizedSplit(items: [item], tax: -1, tip: 2001))),
                "invalid_amount",
                "split.tax", "must not be negative, not -0.01"
            ),
            (
                Fixtures.draft(6000, split: .itemized(ItemizedSplit(items: [item], tax: 2001, tip: -1))),
                "invalid_amount",
                "split.tip", "must not be negative, not -0.01"
            ),
            (
                Fixtures.draft(6000, split: .itemized(ItemizedSplit(items: [item], tax: 999, tip: 1000))),
                "split_sum_mismatch", "split.items",
                "the items, tax and tip add up to 59.99, 0.01 short of the bill's 60.00"
            ),
        ] as [(BillDraft, String, String, String)]
    )
    func refuses(draft: BillDraft, code: String, field: String, message: String) throws {
        let error = try #require(
            Fixtures.error { () throws(LedgerError) in try draft.shares(members: Fixtures.members) }
        )
        #expect(error.code.rawValue == code)
        #expect(error.field == field)
        #expect(error.message == message)
        #expect(error.description == "\(field): \(message)")
    }

    @Test("codes are lower snake case on the wire")
    func codes() {
        let codes: [LedgerError.Code] = [
            .invalidAmount, .invalidCurrency, .invalidSplit, .splitSumMismatch, .payerSumMismatch, .unknownMember,
            .duplicateMember, .invalidDate, .invalidRule,
        ]
        #expect(
            codes.map(\.description) == [
                "invalid_amount", "invalid_currency", "invalid_split", "split_sum_mismatch", "payer_sum_mismatch",
                "unknown_member", "duplicate_member", "invalid_date", "invalid_rule",
            ]
        )
    }
}
