import ArgumentParser
import LedgerAPI

/// `reckon pay TO AMOUNT [--from me] [--currency C] [--date D] [--note N]`: records a payment between members.
struct PayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pay",
        abstract: "Record that one member paid another back (by default, that you paid).",
        discussion: "Members are named as me, a username or a user id. Example: reckon pay alice 12.30"
    )

    @Argument(help: "Who was paid.")
    var to: String

    @Argument(help: "How much, e.g. 12.30.")
    var amount: String

    @Option(help: "Who paid (default: me).")
    var from = "me"

    @Option(help: "ISO 4217 currency (default: the household's).")
    var currency: String?

    @Option(help: "The payment's date, YYYY-MM-DD (default: today, UTC).")
    var date: String?

    @Option(help: "A note, e.g. e-transfer.")
    var note: String?

    @OptionGroup var value: GivenValueOptions
    @OptionGroup var options: HouseholdOptions

    func run() async throws {
        let members = try await options.members()
        let args = PaymentsRecordOp.Args(
            householdId: members.household.householdId,
            from: try members.userId(from),
            to: try members.userId(to),
            amount: amount,
            currency: currency,
            date: date,
            note: note,
            rate: value.rate,
            convertedAmount: value.convertedAmount
        )
        let payment = try await options.ledger.call(PaymentsRecordOp.self, args)
        try options.ledger.print(typed: payment) { LedgerRendering.payment($0, members) }
    }
}
