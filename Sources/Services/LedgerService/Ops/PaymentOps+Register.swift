import Foundation
import Ledger
import LedgerAPI
import Money
import Storage
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `payments.record`, `payments.delete`, `payments.list`.
    mutating func registerPaymentOps(_ book: HouseholdBook, _ scopes: LedgerScopes) {
        register(PaymentsRecordOp.self, in: scopes.write) { args, context in
            let member = try await book.member(of: args.householdId, context)
            let (db, userID, household) = (member.db, member.userID, member.household)
            let members = try await book.households.currentMemberIDs(household.id, in: db)
            for (field, member) in [("from", args.from), ("to", args.to)] where !members.contains(member) {
                throw WireError(.invalidArgument, "\(member) is not a member of this household", field: field)
            }
            guard args.from != args.to else {
                throw WireError(.invalidArgument, "a payment goes from one member to another", field: "to")
            }
            let currency = try Currency.named(args.currency ?? household.currency, field: "currency")
            let payment = StoredPayment(
                id: "p_" + UUID().uuidString.lowercased(),
                householdID: household.id,
                from: args.from,
                to: args.to,
                amount: try currency.amount(args.amount, field: "amount"),
                currency: currency.code,
                date: try DateCheck.validated(args.date ?? book.configuration.today(), field: "date"),
                note: args.note.map { String($0.prefix(200)) },
                version: 1,
                createdBy: userID
            )
            try await book.payments.insert(payment, in: db)
            try await book.totals.apply(payment.entry(), household: household.id, sign: 1, in: db)
            try await book.activity.record(
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
        register(PaymentsEditOp.self, in: scopes.write) { args, context in
            let old = try await book.payments.find(args.paymentId, in: context.db)
            let member = try await book.member(changing: old, context)
            let (db, userID) = (member.db, member.userID)
            var payment = old
            let currency = try Currency.named(args.currency ?? old.currency, field: "currency")
            payment.currency = currency.code
            payment.amount =
                try args.amount.map { try currency.amount($0, field: "amount") } ?? old.amount
            payment.date = try args.date.map { try DateCheck.validated($0, field: "date") } ?? old.date
            payment.note = args.note.map { String($0.prefix(200)) } ?? old.note
            payment.version = try await book.payments.update(payment, from: args.version, in: db)
            try await book.totals.apply(old.entry(), household: old.householdID, sign: -1, in: db)
            try await book.totals.apply(payment.entry(), household: old.householdID, sign: 1, in: db)
            try await book.activity.record(
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
        register(PaymentsDeleteOp.self, in: scopes.write) { args, context in
            let payment = try await book.payments.find(args.paymentId, in: context.db)
            let member = try await book.member(changing: payment, context)
            let (db, userID) = (member.db, member.userID)
            try await book.payments.delete(payment, version: args.version, in: db)
            try await book.totals.apply(payment.entry(), household: payment.householdID, sign: -1, in: db)
            try await book.activity.record(
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
        register(PaymentsListOp.self, in: scopes.read) { args, context in
            let member = try await book.member(of: args.householdId, context)
            let (db, household) = (member.db, member.household)
            let page = try PageCursor(cursor: args.cursor, limit: args.limit)
            let payments = try await book.payments.list(household.id, page: page, in: db)
            return PaymentsListOp.Result(
                payments: payments.map(\.view),
                nextCursor: page.next(after: payments.last.map { ($0.date, $0.id) }, count: payments.count)
            )
        }
    }
}
