import ArgumentParser
import OrdersAPI

extension OrderCommand {
    /// `reckon order stock ITEM (--remaining N | --unlimited)` (staff).
    struct Stock: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Staff: set an item's remaining stock, or make it unlimited.",
            discussion: StaffKeyOptions.helpText
        )

        @Argument(help: "The item id, from `reckon menu`.")
        var item: String

        @Option(help: "How many are left (0 sells it out).")
        var remaining: Int?

        @Flag(help: "No stock limit.")
        var unlimited = false

        @OptionGroup var staff: StaffKeyOptions
        @OptionGroup var client: ClientOptions

        func validate() throws {
            guard (remaining == nil) == unlimited else {
                throw ValidationError("give exactly one of --remaining N and --unlimited")
            }
            if let remaining, remaining < 0 { throw ValidationError("--remaining must be 0 or more") }
        }

        func run() async throws {
            let stock = try await client.call(
                StockSetOp.self,
                .init(itemId: item, remaining: remaining),
                token: try staff.token
            )
            try client.print(typed: stock) { stock in
                "\(stock.itemId): " + (stock.remaining.map { "\($0) left" } ?? "unlimited")
            }
        }
    }
}
