import ArgumentParser
import LedgerAPI
import Wire

/// `reckon recurring`: bills that repeat weekly or monthly.
struct LedgerRecurringCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recurring",
        abstract: "Add, list, pause, resume and end bills that repeat weekly or monthly.",
        discussion: """
            Each occurrence becomes an ordinary bill on its date; occurrences already due are created at once.
            Example: reckon recurring add Rent 1800.00 --monthly --start 2026-12-01 --split equal
            """,
        subcommands: [Add.self, List.self, Pause.self, Resume.self, End.self]
    )

    /// `reckon recurring list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List a household's repeating bills with their state and last bill."
        )

        @OptionGroup var options: HouseholdOptions

        func run() async throws {
            let args = HouseholdArgs(householdId: try await options.householdId())
            let list = try await options.ledger.call(RecurringListOp.self, args)
            try options.ledger.print(typed: list) { LedgerRendering.rules($0.rules) }
        }
    }

    /// `reckon recurring pause RECURRING`.
    struct Pause: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Pause a repeating bill; occurrences due while paused are skipped."
        )

        @OptionGroup var rule: LedgerRecurringRuleOptions

        func run() async throws { try await rule.change(RecurringPauseOp.self) }
    }

    /// `reckon recurring resume RECURRING`.
    struct Resume: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Resume a paused repeating bill from its next date after today."
        )

        @OptionGroup var rule: LedgerRecurringRuleOptions

        func run() async throws { try await rule.change(RecurringResumeOp.self) }
    }

    /// `reckon recurring end RECURRING`.
    struct End: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "End a repeating bill for good; the bills it made stay."
        )

        @OptionGroup var rule: LedgerRecurringRuleOptions

        func run() async throws { try await rule.change(RecurringEndOp.self) }
    }
}

/// The repeating bill that `recurring pause`, `resume` and `end` act on.
struct LedgerRecurringRuleOptions: ParsableArguments {
    @Argument(help: "The recurring bill's id, from `reckon recurring list`.")
    var recurring: String

    @OptionGroup var ledger: LedgerOptions

    /// Calls `op` on the rule and prints the rule as it now stands.
    func change<Op: OpContract>(_ op: Op.Type) async throws
    where Op.Args == RecurringArgs, Op.Result == RecurringView {
        let rule = try await ledger.call(op, RecurringArgs(recurringId: recurring))
        try ledger.print(typed: rule, text: LedgerRendering.rule)
    }
}
