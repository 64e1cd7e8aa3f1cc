import Foundation
import LedgerAPI
import Storage
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `bills.add`, `bills.edit`, `bills.delete`, `bills.get`, `bills.list`. A bill's reference rate is asked of calc
    /// before its write (``RatesFetchedFirst``).
    mutating func registerBillOps(_ handlers: BillHandlers, _ scopes: LedgerScopes) {
        let rates: [any OpMiddleware] = [RatesFetchedFirst(valuation: handlers.valuation)]
        register(BillsAddOp.self, in: scopes.householdWrite, middleware: rates, handler: handlers.billsAdd)
        register(BillsEditOp.self, in: scopes.householdWrite, middleware: rates, handler: handlers.billsEdit)
        register(BillsDeleteOp.self, in: scopes.householdWrite, handler: handlers.billsDelete)
        register(BillsGetOp.self, in: scopes.read, handler: handlers.billsGet)
        register(BillsListOp.self, in: scopes.read, handler: handlers.billsList)
    }
}

/// The bills' ops: with the bills' store, their rounding, the households' access policy, the activity log, the
/// balances' running totals and the settings (today's date), and nothing else. Shopping records a bought item's
/// bill through it.
struct BillHandlers: Sendable {
    let bills: BillStore
    let rounding: BillRounding
    let access: HouseholdAccess
    let activity: ActivityLog
    let totals: BalanceTotals
    let valuation: Valuation
    let configuration: LedgerService.Configuration

    func billsAdd(_ args: BillsAddOp.Args, _ context: SignedIn) async throws -> BillsAddOp.Result {
        let (member, members) = try await self.access.memberAndHousemates(of: args.target.householdId, context)
        return try await self.addBill(
            args.bill,
            by: member,
            among: members,
            valuing: .given(args.value, .required),
            residues: context.rounding
        )
    }

    func billsEdit(_ args: BillsEditOp.Args, _ context: SignedIn) async throws -> BillsEditOp.Result {
        let old = try await self.bills.find(args.target.billId, in: context.db)
        let member = try await self.access.member(changing: old, context)
        let (db, userID, household) = (member.db, member.userID, member.household)
        guard let version = args.target.version else {
            throw WireError(.invalidArgument, "version is required", field: "version")
        }
        let members = try await self.access.currentMembers(of: household.id, context)
        let composer = BillComposer(
            householdCurrency: household.currency,
            members: members.union(old.parts.keys),
            today: self.configuration.today()
        )
        let composed = try composer.compose(
            id: old.id,
            household: household.id,
            fields: old.fields.applying(args.bill),
            createdBy: old.createdBy,
            recurringID: old.recurringID
        )
        let rounding = try await self.rounding.round(
            removing: [old],
            adding: [composed],
            household: household.id,
            members: members,
            date: self.configuration.today(),
            cause: old.id,
            in: db
        )
        var bill = rounding.bills[0]
        bill.value = try await self.valuation.revalue(
            old.value,
            changed: args.bill.amount != nil || args.bill.currency != nil || args.bill.date != nil,
            amount: bill.amount,
            currency: bill.currency,
            on: bill.date,
            in: household.currency,
            given: args.value
        )
        bill.version = try await self.bills.update(bill, from: version, in: db)
        try await self.totals.apply(
            [(old.entry(), -1), (bill.entry(), 1)] + rounding.transferChanges(),
            household: household.id,
            in: db
        )
        try await self.activity.record(
            .init(action: "bill.edited", entity: "bill", entityID: bill.id, before: old.view, after: bill.view),
            household: household.id,
            userID: userID,
            in: db
        )
        return bill.view
    }

    func billsDelete(_ args: BillsDeleteOp.Args, _ context: SignedIn) async throws -> BillsDeleteOp.Result {
        let bill = try await self.bills.find(args.billId, in: context.db)
        let member = try await self.access.member(changing: bill, context)
        let (db, userID) = (member.db, member.userID)
        let rounding = try await self.rounding.round(
            removing: [bill],
            adding: [],
            household: bill.householdID,
            members: try await self.access.currentMembers(of: bill.householdID, context),
            date: self.configuration.today(),
            cause: bill.id,
            in: db
        )
        try await self.bills.delete(bill, version: args.version, in: db)
        try await self.totals.apply(
            [(bill.entry(), -1)] + rounding.transferChanges(),
            household: bill.householdID,
            in: db
        )
        try await self.activity.record(
            .init(action: "bill.deleted", entity: "bill", entityID: bill.id, before: bill.view, after: nil),
            household: bill.householdID,
            userID: userID,
            in: db
        )
        return Done()
    }

    func billsGet(_ args: BillsGetOp.Args, _ context: SignedIn) async throws -> BillsGetOp.Result {
        let bill = try await self.bills.find(args.billId, in: context.db)
        _ = try await self.access.member(seeing: bill, context)
        return bill.view
    }

    func billsList(_ args: BillsListOp.Args, _ context: SignedIn) async throws -> BillsListOp.Result {
        let member = try await self.access.member(of: args.householdId, context)
        let (db, household) = (member.db, member.household)
        let page = try PageCursor(cursor: args.cursor, limit: args.limit)
        let bills = try await self.bills.list(household.id, page: page, in: db)
        return BillsListOp.Result(
            bills: bills.map(\.view),
            nextCursor: page.next(after: bills.last.map { ($0.date, $0.id) }, count: bills.count)
        )
    }
}

// MARK: - What the session check reads with the session (SessionTargets)

extension PageArgs: InHousehold {}

extension BillArgs: NamesHousehold where Target: NamesHousehold {
    var namedHousehold: String? { target.namedHousehold }
}

extension BillArgs: NamesEntry where Target: NamesEntry {
    var namedEntry: (table: SQL, id: String) { target.namedEntry }
}

extension BillArgs: RoundsResidues where Target == HouseholdArgs {
    var residueCurrency: String? { bill.currency }
}

extension BillRefArgs: NamesEntry {
    var namedEntry: (table: SQL, id: String) { ("ledger_bills", billId) }
}

extension BillIDArgs: NamesEntry {
    var namedEntry: (table: SQL, id: String) { ("ledger_bills", billId) }
}
