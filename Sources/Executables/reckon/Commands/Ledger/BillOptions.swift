import ArgumentParser
import LedgerAPI

/// The options of every bill form (add, edit, recurring add): who paid, how it is split, currency and category.
struct BillOptions: ParsableArguments {
    @Option(help: "Who paid the whole amount: me, a username or a user id (a new bill's default: me).")
    var paidBy: String?

    @Option(
        name: .customLong("payer"),
        help: "One of several payers and what they paid, e.g. alice=50.00 (repeatable; they sum to the bill)."
    )
    var payers: [String] = []

    @OptionGroup var split: BillSplitOptions

    @Option(help: "ISO 4217 currency (a new bill's default: the household's).")
    var currency: String?

    @Option(help: "A category, e.g. groceries.")
    var category: String?

    func validate() throws {
        guard paidBy == nil || payers.isEmpty else { throw ValidationError("give --paid-by or --payer, not both") }
        _ = try payerAmounts { $0 }
    }

    /// A bill's fields with every name turned into a user id by `userId`. A new bill (`adding`) is paid by me and
    /// split equally among every member unless the options say otherwise; an edit changes only what is given.
    func fields(
        description: String?,
        amount: String?,
        date: String?,
        adding: Bool,
        userId: (String) throws -> String
    ) throws -> BillFields {
        let payerAmounts = try payerAmounts(userId)
        let payer = paidBy ?? (adding && payerAmounts == nil ? "me" : nil)
        return BillFields(
            description: description,
            amount: amount,
            currency: currency,
            date: date,
            category: category,
            paidBy: try payer.map(userId),
            payers: payerAmounts,
            split: try split.spec(userId) ?? (adding ? SplitSpec(kind: "equal") : nil)
        )
    }

    /// The `--payer` amounts by user id, or nil when none is given.
    private func payerAmounts(_ userId: (String) throws -> String) throws -> [String: String]? {
        guard !payers.isEmpty else { return nil }
        return try LedgerPairs.dictionary(payers.joined(separator: ","), option: "--payer", key: userId) { $0 }
    }
}
