import ArgumentParser
import LedgerAPI
import Wire

/// `reckon profile [--income X] [--province P] [--marital-status S]`: shows or sets the signed-in user's profile.
struct ProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Show your profile, or set its income, province and marital status.",
        discussion: """
            calc's tax ops use the income and province when a signed-in request leaves them out \
            (reckon tax estimate uses your session). An empty value clears a field. \
            Example: reckon profile --income 85000 --province ON
            """
    )

    @Option(help: "Yearly employment income in CAD, e.g. 85000.")
    var income: String?

    @Option(help: "Province or territory code, e.g. ON.")
    var province: String?

    @Option(help: "single, married, commonLaw, separated, divorced or widowed.")
    var maritalStatus: String?

    @OptionGroup var ledger: LedgerOptions

    func run() async throws {
        let profile =
            income == nil && province == nil && maritalStatus == nil
            ? try await ledger.call(ProfileGetOp.self, NoArgs())
            : try await ledger.call(
                ProfileSetOp.self,
                .init(income: income, province: province, maritalStatus: maritalStatus)
            )
        try ledger.print(typed: profile) { profile in
            [
                "Income:          " + (profile.income.map { $0 + " CAD" } ?? "not set"),
                "Province:        " + (profile.province ?? "not set"),
                "Marital status:  " + (profile.maritalStatus ?? "not set"),
            ].joined(separator: "\n")
        }
    }
}
