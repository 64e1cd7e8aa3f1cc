import ArgumentParser
import LedgerAPI
import Wire

extension HouseholdCommand {
    /// `reckon household invite USERNAME`.
    struct Invite: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Ask a user, by username, to join the household; they accept or decline."
        )

        @Argument(help: "Their username.")
        var username: String

        @OptionGroup var options: HouseholdOptions

        func run() async throws {
            let args = RoommatesRequestOp.Args(householdId: try await options.householdId(), username: username)
            let request = try await options.ledger.call(RoommatesRequestOp.self, args)
            try options.ledger.print(typed: request, text: LedgerRendering.request)
        }
    }

    /// `reckon household requests`.
    struct Requests: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the requests the household sent and the requests you received, with their ids."
        )

        @OptionGroup var options: HouseholdOptions

        func run() async throws {
            let args = RoommatesListOp.Args(householdId: try await options.householdIdIfChosen())
            let requests = try await options.ledger.call(RoommatesListOp.self, args)
            try options.ledger.print(typed: requests, text: LedgerRendering.requests)
        }
    }

    /// `reckon household accept REQUEST`.
    struct Accept: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Accept a request you received: you join its household."
        )

        @OptionGroup var request: HouseholdRequestOptions

        func run() async throws { try await request.answer(RoommatesAcceptOp.self) }
    }

    /// `reckon household decline REQUEST`.
    struct Decline: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Decline a request you received.")

        @OptionGroup var request: HouseholdRequestOptions

        func run() async throws { try await request.answer(RoommatesDeclineOp.self) }
    }

    /// `reckon household retract REQUEST`.
    struct Retract: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Withdraw a pending request you sent.")

        @OptionGroup var request: HouseholdRequestOptions

        func run() async throws { try await request.answer(RoommatesRetractOp.self) }
    }
}

/// The request that `household accept`, `decline` and `retract` act on.
struct HouseholdRequestOptions: ParsableArguments {
    @Argument(help: "The request id, from `reckon household requests`.")
    var request: String

    @OptionGroup var ledger: LedgerOptions

    /// Calls `op` on the request and prints the request as it now stands.
    func answer<Op: OpContract>(_ op: Op.Type) async throws
    where Op.Args == RequestArgs, Op.Result == RoommateRequestView {
        let answered = try await ledger.call(op, RequestArgs(requestId: request))
        try ledger.print(typed: answered, text: LedgerRendering.request)
    }
}
