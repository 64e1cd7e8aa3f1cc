import ArgumentParser
import LedgerAPI
import Wire

/// `reckon household`: create, list, show and choose households; invite roommates and answer requests; leave.
struct HouseholdCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "household",
        abstract: "Create, list, show and choose households; invite roommates, answer requests, leave.",
        discussion: """
            Commands that act on a household take --household ID; without it they use the one saved by \
            `household use` (or `create`), else your only household.
            Example: reckon household create Home --currency CAD; reckon household invite bob
            """,
        subcommands: [
            Create.self, List.self, Show.self, Use.self, Invite.self, Requests.self, Accept.self, Decline.self,
            Retract.self, Leave.self,
        ]
    )

    /// `reckon household create NAME [--currency CAD]`.
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a household you own, and make it the one commands use by default."
        )

        @Argument(help: "The household's name.")
        var name: String

        @Option(help: "Its ISO 4217 currency (default: CAD).")
        var currency: String?

        @OptionGroup var ledger: LedgerOptions

        func run() async throws {
            let household = try await ledger.call(HouseholdCreateOp.self, .init(name: name, currency: currency))
            try ledger.saveHousehold(household.householdId)
            try ledger.print(typed: household, text: LedgerRendering.household)
        }
    }

    /// `reckon household list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List your households; * marks the one commands use by default."
        )

        @OptionGroup var ledger: LedgerOptions

        func run() async throws {
            let list = try await ledger.call(HouseholdListOp.self, NoArgs())
            let current = try ledger.session.household
            try ledger.print(typed: list) { LedgerRendering.households($0.households, current: current) }
        }
    }

    /// `reckon household show [--household ID]`.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a household with its members.")

        @OptionGroup var options: HouseholdOptions

        func run() async throws {
            let household = try await options.members().household
            try options.ledger.print(typed: household, text: LedgerRendering.household)
        }
    }

    /// `reckon household use ID`.
    struct Use: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a household the one commands use when --household is not given."
        )

        @Argument(help: "The household's id, or its name when no other household of yours has it.")
        var household: String

        @OptionGroup var ledger: LedgerOptions

        func run() async throws {
            let households = try await ledger.call(HouseholdListOp.self, NoArgs()).households
            let id = try HouseholdNames.id(of: household, among: households)
            let chosen = try await ledger.call(HouseholdGetOp.self, HouseholdArgs(householdId: id))
            try ledger.saveHousehold(chosen.householdId)
            try ledger.print(typed: chosen) { "now using \($0.name) (\($0.householdId))" }
        }
    }

    /// `reckon household leave [--confirm]`.
    struct Leave: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Leave a household; you keep your history and balance there.",
            discussion: "With a balance that is not zero, the ledger refuses unless --confirm is given."
        )

        @Flag(help: "Leave even with a balance that is not zero.")
        var confirm = false

        @OptionGroup var options: HouseholdOptions

        func run() async throws {
            let householdId = try await options.householdId()
            let done = try await options.ledger.call(
                RoommatesLeaveOp.self,
                .init(householdId: householdId, confirm: confirm)
            )
            if try options.ledger.session.household == householdId { try options.ledger.saveHousehold(nil) }
            try options.ledger.print(typed: done) { _ in "left household \(householdId)" }
        }
    }
}
