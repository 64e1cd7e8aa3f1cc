import ArgumentParser

/// `reckon`: the command-line client of a Reckon gateway, and `reckon up` to run a whole stack locally.
@main
struct ReckonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reckon",
        abstract: "Everyday calculations, food orders and a household ledger, over ZeroMQ.",
        subcommands: [
            CallCommand.self, StatusCommand.self, UpCommand.self, AutoscaleCommand.self, KeygenCommand.self,
            CalcCommand.self, ConvertCommand.self, DateCommand.self, LoanCommand.self, TaxCommand.self,
            CeilingCommand.self, MenuCommand.self, CartCommand.self, QuoteCommand.self, OrderCommand.self,
            StockCommand.self, LedgerSignupCommand.self, LoginCommand.self, LedgerLogoutCommand.self,
            HouseholdCommand.self, BillCommand.self, BillsCommand.self, BalancesCommand.self, SettleCommand.self,
            PayCommand.self, LedgerActivityCommand.self, LedgerRecurringCommand.self, ShopCommand.self,
            ProfileCommand.self, RecordsCommand.self, ExportCommand.self, ImportCommand.self, EventsCommand.self,
        ]
    )
}
