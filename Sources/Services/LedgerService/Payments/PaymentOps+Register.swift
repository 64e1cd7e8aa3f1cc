import Foundation
import Ledger
import LedgerAPI
import Money
import Storage
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `payments.record`, `payments.edit`, `payments.delete`, `payments.get`, `payments.list`. A payment's reference
    /// rate is asked of calc before its write (``RatesFetchedFirst``).
    mutating func registerPaymentOps(_ handlers: PaymentHandlers, _ scopes: LedgerScopes) {
        let rates: [any OpMiddleware] = [RatesFetchedFirst(valuation: handlers.valuation)]
        register(PaymentsRecordOp.self, in: scopes.householdWrite, middleware: rates, handler: handlers.paymentsRecord)
        register(PaymentsEditOp.self, in: scopes.householdWrite, middleware: rates, handler: handlers.paymentsEdit)
        register(PaymentsDeleteOp.self, in: scopes.householdWrite, handler: handlers.paymentsDelete)
        register(PaymentsGetOp.self, in: scopes.read, handler: handlers.paymentsGet)
        register(PaymentsListOp.self, in: scopes.read, handler: handlers.paymentsList)
    }
}

/// The payments' ops: with the payments' store, the households' access policy, the activity log, the balances'
/// running totals and the settings (today's date), and nothing else.
struct PaymentHandlers: Sendable {
    let payments: PaymentStore
    let access: HouseholdAccess
    let activity: ActivityLog
    let totals: BalanceTotals
    let valuation: Valuation
    let configuration: LedgerService.Configuration

    func paymentsGet(_ args: PaymentsGetOp.Args, _ context: SignedIn) async throws -> PaymentView {
        let payment = try await payments.find(args.paymentId, in: context.db)
        _ = try await access.member(seeing: payment, context)
        return payment.view
    }

    func paymentsRecord(_ args: PaymentsRecordOp.Args, _ context: SignedIn) async throws -> PaymentsRecordOp.Result {
        let (member, members) = try await self.access.memberAndHousemates(of: args.householdId, context)
        return try await self.recordPayment(args, by: member, among: members)
    }

    /// Records a payment in `member`'s household, whose current members are `members`, with its running totals and
    /// activity entry; one in another currency is valued in the household's (``Valuation``) first.
    /// - Parameter valuing: what a payment in another currency is valued from; by default what `args` gives, else
    ///   the reference rate, and a payment no rate values is refused.
    /// - Throws: `invalid_argument` for a field that does not fit the household; `failed_precondition` for a payment
    ///   that must be valued and cannot be.
    func recordPayment(
        _ args: PaymentsRecordOp.Args,
        by member: HouseholdMember,
        among members: Set<String>,
        valuing: Valuation.Basis? = nil
    ) async throws -> PaymentView {
        let (db, userID, household) = (member.db, member.userID, member.household)
        for (field, member) in [("from", args.from), ("to", args.to)] where !members.contains(member) {
            throw WireError(.invalidArgument, "\(member) is not a member of this household", field: field)
        }
        guard args.from != args.to else {
            throw WireError(.invalidArgument, "a payment goes from one member to another", field: "to")
        }
        let currency = try Currency.named(args.currency ?? household.currency, field: "currency")
        var payment = StoredPayment(
            id: "p_" + UUID.random().uuidString.lowercased(),
            householdID: household.id,
            from: args.from,
            to: args.to,
            amount: try currency.amount(args.amount, field: "amount"),
            currency: currency.code,
            date: try DateCheck.validated(args.date ?? self.configuration.today(), field: "date"),
            note: args.note.map { String($0.prefix(200)) },
            version: 1,
            createdBy: userID
        )
        payment.value = try await self.valuation.value(
            payment.amount,
            currency: payment.currency,
            on: payment.date,
            in: household.currency,
            from: valuing ?? .given(GivenValue(rate: args.rate, convertedAmount: args.convertedAmount), .required)
        )
        try await self.payments.insert(payment, in: db)
        try await self.totals.apply(payment.entry(), household: household.id, sign: 1, in: db)
        try await self.activity.record(
            .init(
                action: "payment.recorded",
                entity: "payment",
                entityID: payment.id,
                before: nil,
                after: payment.view
            ),
            household: household.id,
            userID: userID,
            in: db
        )
        return payment.view
    }

    func paymentsEdit(_ args: PaymentsEditOp.Args, _ context: SignedIn) async throws -> PaymentsEditOp.Result {
        let old = try await self.payments.find(args.paymentId, in: context.db)
        let member = try await self.access.member(changing: old, context)
        let (db, userID) = (member.db, member.userID)
        var payment = old
        let currency = try Currency.named(args.currency ?? old.currency, field: "currency")
        payment.currency = currency.code
        payment.amount =
            try args.amount.map { try currency.amount($0, field: "amount") } ?? old.amount
        payment.date = try args.date.map { try DateCheck.validated($0, field: "date") } ?? old.date
        payment.note = args.note.map { String($0.prefix(200)) } ?? old.note
        payment.value = try await self.valuation.revalue(
            old.value,
            changed: args.amount != nil || args.currency != nil || args.date != nil,
            amount: payment.amount,
            currency: payment.currency,
            on: payment.date,
            in: member.household.currency,
            given: GivenValue(rate: args.rate, convertedAmount: args.convertedAmount)
        )
        payment.version = try await self.payments.update(payment, from: args.version, in: db)
        try await self.totals.apply([(old.entry(), -1), (payment.entry(), 1)], household: old.householdID, in: db)
        try await self.activity.record(
            .init(
                action: "payment.edited",
                entity: "payment",
                entityID: payment.id,
                before: old.view,
                after: payment.view
            ),
            household: old.householdID,
            userID: userID,
            in: db
        )
        return payment.view
    }

    func paymentsDelete(_ args: PaymentsDeleteOp.Args, _ context: SignedIn) async throws -> PaymentsDeleteOp.Result {
        let payment = try await self.payments.find(args.paymentId, in: context.db)
        let member = try await self.access.member(changing: payment, context)
        let (db, userID) = (member.db, member.userID)
        try await self.payments.delete(payment, version: args.version, in: db)
        try await self.totals.apply(payment.entry(), household: payment.householdID, sign: -1, in: db)
        try await self.activity.record(
            .init(
                action: "payment.deleted",
                entity: "payment",
                entityID: payment.id,
                before: payment.view,
                after: nil
            ),
            household: payment.householdID,
            userID: userID,
            in: db
        )
        return Done()
    }

    func paymentsList(_ args: PaymentsListOp.Args, _ context: SignedIn) async throws -> PaymentsListOp.Result {
        let member = try await self.access.member(of: args.householdId, context)
        let (db, household) = (member.db, member.household)
        let page = try PageCursor(cursor: args.cursor, limit: args.limit)
        let payments = try await self.payments.list(household.id, page: page, in: db)
        return PaymentsListOp.Result(
            payments: payments.map(\.view),
            nextCursor: page.next(after: payments.last.map { ($0.date, $0.id) }, count: payments.count)
        )
    }
}

// MARK: - What the session check reads with the session (SessionTargets)

extension PaymentsRecordOp.Args: InHousehold {}

extension PaymentRefArgs: NamesEntry {
    var namedEntry: (table: SQL, id: String) { ("ledger_payments", paymentId) }
}

extension PaymentsGetOp.Args: NamesEntry {
    var namedEntry: (table: SQL, id: String) { ("ledger_payments", paymentId) }
}

extension PaymentsEditOp.Args: NamesEntry {
    var namedEntry: (table: SQL, id: String) { ("ledger_payments", paymentId) }
}
