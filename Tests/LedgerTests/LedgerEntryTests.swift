import Ledger
import Money
import Testing

@Suite struct LedgerEntryTests {
    /// The fields of an entry, valid unless a test changes one.
    struct Fields: Sendable {
        var kind = LedgerEntry.Kind.bill
        var date = "2024-03-01"
        var currency = "EUR"
        var paid: [String: Int64] = ["u1": 900]
        var owed: [String: Int64] = ["u1": 300, "u2": 600]

        func make() throws(LedgerError) -> LedgerEntry {
            try LedgerEntry(
                id: "e1",
                kind: kind,
                date: date,
                description: "",
                currency: currency,
                paid: paid,
                owed: owed
            )
        }
    }

    @Test("a bill entry records the payers and the checked shares; its nets are paid minus owed")
    func bill() throws {
        let draft = Fixtures.draft(100, payers: ["u1": 60, "u2": 40], split: .equal(among: ["u1", "u2", "u3"]))
        let entry = try LedgerEntry.bill(
            id: "foobar",
            date: "2024-02-29",
            description: "pizza",
            draft: draft,
            members: Fixtures.members
        )
        #expect(entry.kind == .bill && entry.currency == "EUR" && entry.paid == ["u1": 60, "u2": 40])
        #expect(entry.owed == ["u1": 34, "u2": 33, "u3": 33])
        #expect(entry.nets == ["u1": 26, "u2": 7, "u3": -33])
    }

    @Test("a payment entry: paid is the sender, owed the receiver")
    func payment() throws {
        let entry = try LedgerEntry.payment(
            id: "p1",
            date: "2024-03-01",
            description: "",
            currency: Fixtures.yen,
            from: "u2",
            to: "u1",
            amount: 500,
            members: Fixtures.members
        )
        #expect(entry.kind == .payment && entry.currency == "JPY")
        #expect(entry.paid == ["u2": 500] && entry.owed == ["u1": 500])
        #expect(entry.nets == ["u2": 500, "u1": -500])
    }

    @Test(
        "payments refuse bad amounts, strangers and paying oneself",
        arguments: [
            ("u1", "u2", 0, "invalid_amount", "amount"), ("u9", "u2", 5, "unknown_member", "from"),
            ("u1", "u9", 5, "unknown_member", "to"), ("u1", "u1", 5, "duplicate_member", "to"),
        ] as [(String, String, Int64, String, String)]
    )
    func badPayment(from: String, to: String, amount: Int64, code: String, field: String) {
        let error = Fixtures.error { () throws(LedgerError) in
            try LedgerEntry.payment(
                id: "p",
                date: "2024-03-01",
                description: "",
                currency: Fixtures.euro,
                from: from,
                to: to,
                amount: amount,
                members: Fixtures.members
            )
        }
        #expect(error?.code.rawValue == code)
        #expect(error?.field == field)
    }

    @Test("a bill entry reports the draft's faults")
    func badBill() {
        let error = Fixtures.error { () throws(LedgerError) in
            try LedgerEntry.bill(
                id: "b",
                date: "2024-03-01",
                description: "",
                draft: Fixtures.draft(100, split: .exact(["u1": 99])),
                members: Fixtures.members
            )
        }
        #expect(error?.field == "split.amounts")
    }

    @Test("the fields as given are a valid entry")
    func valid() throws {
        #expect(try Fields().make().nets == ["u1": 600, "u2": -600])
    }

    @Test(
        "entries are checked when made",
        arguments: [
            (
                Fields(date: "2024-02-30"), "invalid_date", "date",
                "must be a calendar date written YYYY-MM-DD, not \"2024-02-30\""
            ),
            (Fields(currency: "eur"), "invalid_currency", "currency", "\"eur\" is not an ISO 4217 currency code"),
            (Fields(paid: [:]), "invalid_amount", "paid", "names nobody"),
            (Fields(owed: ["u1": 900, "u2": 0]), "invalid_amount", "owed.u2", "must be above 0, not 0.00"),
            (
                Fields(owed: ["u1": 300, "u2": 601]), "split_sum_mismatch", "owed",
                "the amounts owed add up to 9.01, 0.01 over the 9.00 paid"
            ),
            (
                Fields(paid: ["u1": LedgerEntry.maximumAmount, "u2": 1], owed: ["u3": 1]), "invalid_amount", "paid",
                "must be at most 10000000000000.00"
            ),
            (Fields(kind: .payment), "invalid_split", "owed", "a payment goes from one member to one other member"),
            (
                Fields(kind: .payment, owed: ["u1": 900]), "duplicate_member", "owed",
                "a payment goes from one member to another"
            ),
        ] as [(Fields, String, String, String)]
    )
    func validation(fields: Fields, code: String, field: String, message: String) throws {
        let error = try #require(Fixtures.error(fields.make))
        #expect(error.code.rawValue == code)
        #expect(error.field == field)
        #expect(error.message == message)
    }
}
