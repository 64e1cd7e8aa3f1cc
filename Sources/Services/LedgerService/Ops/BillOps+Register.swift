import Foundation
import LedgerAPI
import Storage
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `bills.add`, `bills.edit`, `bills.delete`, `bills.get`, `bills.list`.
    mutating func registerBillOps(_ book: HouseholdBook, _ scopes: LedgerScopes) {
        register(BillsAddOp.self, in: scopes.write) { args, context in
            try await book.addBill(args.bill, by: try await book.member(of: args.target.householdId, context))
        }
        register(BillsEditOp.self, in: scopes.write) { args, context in
            let old = try await book.bills.find(args.target.billId, in: context.db)
            let member = try await book.member(changing: old, context)
            let (db, userID, household) = (member.db, member.userID, member.household)
            guard let version = args.target.version else {
                throw WireError(.invalidArgument, "version is required", field: "version")
            }
            let composer = BillComposer(
                householdCurrency: household.currency,
                members: try await book.households.currentMemberIDs(household.id, in: db).union(old.parts.keys),
                today: book.configuration.today()
            )
            var bill = try composer.compose(
                id: old.id,
                household: household.id,
                fields: old.fields.applying(args.bill),
                createdBy: old.createdBy,
                recurringID: old.recurringID
            )
            bill.version = try await book.bills.update(bill, from: version, in: db)
            try await book.totals.apply(old.entry(), household: household.id, sign: -1, in: db)
            try await book.totals.apply(bill.entry(), household: household.id, sign: 1, in: db)
            try await book.activity.record(
                .init(action: "bill.edited", entity: "bill", entityID: bill.id, before: old.view, after: bill.view),
                household: household.id,
                userID: userID,
                in: db
            )
            return bill.view
        }
        register(BillsDeleteOp.self, in: scopes.write) { args, context in
            let bill = try await book.bills.find(args.billId, in: context.db)
            let member = try await book.member(changing: bill, context)
            let (db, userID) = (member.db, member.userID)
            try await book.bills.delete(bill, version: args.version, in: db)
            try await book.totals.apply(bill.entry(), household: bill.householdID, sign: -1, in: db)
            try await book.activity.record(
                .init(action: "bill.deleted", entity: "bill", entityID: bill.id, before: bill.view, after: nil),
                household: bill.householdID,
                userID: userID,
                in: db
            )
            return Done()
        }
        register(BillsGetOp.self, in: scopes.read) { args, context in
            let bill = try await book.bills.find(args.billId, in: context.db)
            _ = try await book.member(seeing: bill, context)
            return bill.view
        }
        register(BillsListOp.self, in: scopes.read) { args, context in
            let member = try await book.member(of: args.householdId, context)
            let (db, household) = (member.db, member.household)
            let page = try PageCursor(cursor: args.cursor, limit: args.limit)
            let bills = try await book.bills.list(household.id, page: page, in: db)
            return BillsListOp.Result(
                bills: bills.map(\.view),
                nextCursor: page.next(after: bills.last.map { ($0.date, $0.id) }, count: bills.count)
            )
        }
    }
}
