import Foundation
import LedgerAPI
import Storage
import StoredOps
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `bills.add`, `bills.edit`, `bills.delete`, `bills.get`, `bills.list`.
    mutating func registerBillOps(_ book: HouseholdBook, _ chains: LedgerChains) {
        register(BillsAddOp.self, middleware: chains.write) { args, context in
            try await book.addBill(args.bill, by: try await book.member(of: args.target.householdId, context))
        }
        register(BillsEditOp.self, middleware: chains.write) { args, context in
            let db = try context.database()
            let userID = try context.userID()
            let old = try await book.editableBill(args.target.billId, userID: userID, in: db)
            guard let version = args.target.version else {
                throw WireError(.invalidArgument, "version is required", field: "version")
            }
            let household = try await book.households.membership(old.householdID, userID: userID, in: db).household
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
        register(BillsDeleteOp.self, middleware: chains.write) { args, context in
            let db = try context.database()
            let userID = try context.userID()
            let bill = try await book.editableBill(args.billId, userID: userID, in: db)
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
        register(BillsGetOp.self, middleware: chains.read) { args, context in
            try await book.visibleBill(args.billId, userID: try context.userID(), in: try context.database()).view
        }
        register(BillsListOp.self, middleware: chains.read) { args, context in
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

extension HouseholdBook {
    /// The bill, when `userID` is a current member of its household.
    /// - Throws: `not_found` otherwise, as for a bill that does not exist.
    func visibleBill(_ id: String, userID: String, in db: any SQLExecutor) async throws -> StoredBill {
        let bill = try await bills.find(id, in: db)
        guard try await households.isMember(bill.householdID, userID: userID, in: db) else {
            throw WireError(.notFound, "no bill \(id)", field: "billId")
        }
        return bill
    }

    /// The bill, when `userID` may change it: they created it, or they own its household.
    /// - Throws: `not_found` for a non-member, `permission_denied` for a member who may not.
    func editableBill(_ id: String, userID: String, in db: any SQLExecutor) async throws -> StoredBill {
        let bill = try await visibleBill(id, userID: userID, in: db)
        let role = try await households.membership(bill.householdID, userID: userID, in: db).role
        guard bill.createdBy == userID || role == .owner else {
            throw WireError(
                .permissionDenied,
                "only the member who added this bill or the household's owner may change it",
                field: "billId"
            )
        }
        return bill
    }
}
