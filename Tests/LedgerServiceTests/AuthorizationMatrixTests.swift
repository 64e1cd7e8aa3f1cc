import LedgerAPI
import LedgerService
import ReckonTesting
import Storage
import Testing
import Wire
import WorkerRuntime

/// Every op that needs a session, called with no token, an unknown one, an expired one and a revoked one; every
/// household op called by a non-member; every change to a bill, payment, rule or event called by a member who may not.
@Suite struct AuthorizationMatrixTests {
    /// A household with ana (owner), bob (member) and one of each entity, plus eve, who belongs elsewhere.
    private struct World: Sendable {
        let ana: LedgerHarness.User
        let bob: LedgerHarness.User
        let eve: LedgerHarness.User
        let home: String
        let bill: String
        let payment: String
        let rule: String
        let request: String
        let listed: String
        let stocked: String
        let record: String
        let event: String
    }

    private func world(_ ledger: LedgerHarness) async throws -> World {
        let (ana, bob, eve) = (try await ledger.user("ana"), try await ledger.user("bob"), try await ledger.user("eve"))
        let home = try await ledger.household(ana, members: [bob])
        _ = try await ledger.household(eve, members: [])
        let bill = try await ledger.bill(home, "Groceries", "30.00", paidBy: ana, split: .init(kind: "equal"))
        let payment = try await ledger.call(
            PaymentsRecordOp.self,
            .init(householdId: home, from: bob.id, to: ana.id, amount: "5.00"),
            token: ana.token
        )
        let rule = try await ledger.call(
            RecurringAddOp.self,
            .init(
                householdId: home,
                bill: .init(description: "Rent", amount: "1000.00", paidBy: ana.id, split: .init(kind: "equal")),
                frequency: "monthly",
                start: "2026-12-01"
            ),
            token: ana.token
        )
        let event = try await ledger.call(
            EventsAddOp.self,
            .init(householdId: home, title: "Groceries run", start: "2026-12-05", allDay: true),
            token: ana.token
        )
        let charlie = try await ledger.user("charlie")
        let request = try await ledger.call(
            RoommatesRequestOp.self,
            .init(householdId: home, username: charlie.username),
            token: ana.token
        )
        let listed = try await ledger.call(ShoppingAddOp.self, .init(householdId: home, name: "Milk"), token: ana.token)
        let stocked = try await ledger.call(
            InventoryAddOp.self,
            .init(householdId: home, name: "Rice", quantity: "1", unit: "kg"),
            token: ana.token
        )
        let record = try await ledger.call(
            RecordsSaveOp.self,
            .init(title: "Sum", op: "evaluate", args: ["expression": "1+1"]),
            token: ana.token
        )
        return World(
            ana: ana,
            bob: bob,
            eve: eve,
            home: home,
            bill: bill.billId,
            payment: payment.paymentId,
            rule: rule.recurringId,
            request: request.requestId,
            listed: listed.itemId,
            stocked: stocked.stock.itemId,
            record: record.recordId,
            event: event.eventId
        )
    }

    /// Every op but sign-up and sign-in, with arguments naming the world's household and entities.
    private func everyOp(_ w: World) -> [(String, JSONValue)] {
        let home: JSONValue = ["householdId": .string(w.home)]
        let billFields: JSONValue = [
            "householdId": .string(w.home), "description": "X", "amount": "1.00", "paidBy": .string(w.ana.id),
            "split": ["kind": "equal"],
        ]
        return [
            ("auth.logout", [:]),
            ("auth.changePassword", ["oldPassword": "correct horse", "newPassword": "new password!"]),
            ("auth.me", [:]), ("household.create", ["name": "Mine"]), ("household.list", [:]), ("household.get", home),
            ("roommates.request", ["householdId": .string(w.home), "username": "charlie"]),
            ("roommates.retract", ["requestId": .string(w.request)]),
            ("roommates.accept", ["requestId": .string(w.request)]),
            ("roommates.decline", ["requestId": .string(w.request)]), ("roommates.leave", home),
            ("roommates.list", home),
            ("bills.add", billFields), ("bills.edit", ["billId": .string(w.bill), "version": 1, "amount": "9.00"]),
            ("bills.delete", ["billId": .string(w.bill)]), ("bills.get", ["billId": .string(w.bill)]),
            ("bills.list", home),
            (
                "payments.record",
                ["householdId": .string(w.home), "from": .string(w.bob.id), "to": .string(w.ana.id), "amount": "1.00"]
            ),
            ("payments.edit", ["paymentId": .string(w.payment), "version": 1, "amount": "6.00"]),
            ("payments.delete", ["paymentId": .string(w.payment)]), ("payments.get", ["paymentId": .string(w.payment)]),
            ("payments.list", home), ("balances", home),
            ("settle.suggest", home),
            ("recurring.add", billFields.merging(["frequency": "weekly", "start": "2026-12-01"])),
            ("recurring.list", home), ("recurring.pause", ["recurringId": .string(w.rule)]),
            ("recurring.resume", ["recurringId": .string(w.rule)]), ("recurring.end", ["recurringId": .string(w.rule)]),
            ("activity.list", home), ("activity.wait", home.merging(["waitMs": 0])),
            ("shopping.add", ["householdId": .string(w.home), "name": "Tea"]),
            ("shopping.edit", ["itemId": .string(w.listed), "version": 1, "quantity": "2"]),
            ("shopping.remove", ["itemId": .string(w.listed)]), ("shopping.list", home),
            ("shopping.bought", ["itemId": .string(w.listed), "bill": ["amount": "3.00"]]),
            ("inventory.add", ["householdId": .string(w.home), "name": "Oats", "quantity": "1"]),
            ("inventory.edit", ["itemId": .string(w.stocked), "version": 1, "quantity": "2"]),
            ("inventory.consume", ["itemId": .string(w.stocked), "quantity": "1"]),
            ("inventory.remove", ["itemId": .string(w.stocked)]),
            ("inventory.list", ["householdId": .string(w.home), "expiringWithinDays": 3]),
            ("profile.get", [:]), ("profile.set", ["province": "ON"]),
            ("records.save", ["title": "x", "op": "evaluate", "args": ["expression": "2"]]), ("records.list", [:]),
            ("records.get", ["recordId": .string(w.record)]), ("records.delete", ["recordId": .string(w.record)]),
            ("records.rerun", ["recordId": .string(w.record), "update": true]),
            ("export.csv", ["householdId": .string(w.home), "what": "bills"]), ("export.json", home),
            ("events.add", ["householdId": .string(w.home), "title": "X", "start": "2026-12-06", "allDay": true]),
            ("events.edit", ["eventId": .string(w.event), "version": 1, "title": "Y"]),
            ("events.delete", ["eventId": .string(w.event)]), ("events.get", ["eventId": .string(w.event)]),
            ("events.list", home.merging(["day": "2026-12-05"])), ("events.ical", home),
        ]
    }

    @Test(arguments: TestDatabase.engines)
    func everyOpNeedsALiveSession(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let w = try await world(ledger)
            let ops = everyOp(w)
            let registered = try LedgerService.makeRegistry(
                configuration: ledger.configuration,
                database: ledger.database
            )
            .ops.map(\.name).filter { !["auth.signup", "auth.login"].contains($0) }
            #expect(Set(ops.map(\.0)) == Set(registered), "the matrix must list every op")
            let expired = try await ledger.call(AuthLoginOp.self, .init(username: "bob", password: "correct horse"))
                .token
            let revoked = try await ledger.call(AuthLoginOp.self, .init(username: "bob", password: "correct horse"))
                .token
            _ = try await ledger.call(AuthLogoutOp.self, NoArgs(), token: revoked)
            _ = try await ledger.database.write { db in
                try await db.query(
                    "UPDATE ledger_sessions SET expires_at = 1 WHERE revoked_at IS NULL AND user_id = \(w.bob.id) AND created_at = (SELECT MAX(created_at) FROM ledger_sessions WHERE user_id = \(w.bob.id) AND revoked_at IS NULL)"
                )
            }
            let before = try await ledger.count("ledger_activity")
            for (op, args) in ops {
                for token in [nil, "rk_forged", expired, revoked] {
                    let error = try await ledger.failure(op, args, token: token)
                    #expect(error.code == .unauthenticated, "\(op) with token \(token ?? "none"): \(error)")
                }
            }
            #expect(try await ledger.count("ledger_activity") == before)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aNonMemberFindsNothing(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let w = try await world(ledger)
            let before = try await ledger.count("ledger_activity")
            let personal: Set = [
                "auth.logout", "auth.changePassword", "auth.me", "household.create", "household.list", "profile.get",
                "profile.set", "records.save", "records.list",
            ]
            for (op, args) in everyOp(w) where !personal.contains(op) {
                let error = try await ledger.failure(op, args, token: w.eve.token)
                #expect(error.code == .notFound, "\(op) by a non-member: \(error)")
                #expect(!error.message.contains("Groceries") && !error.message.contains(w.ana.id))
            }
            let list = try await ledger.call(HouseholdListOp.self, NoArgs(), token: w.eve.token)
            #expect(list.households.map(\.name) == ["Home of eve"])
            #expect(try await ledger.count("ledger_activity") == before)
            #expect(try await ledger.count("ledger_inventory") == 1)
            #expect(try await ledger.count("ledger_shopping") == 1)
            #expect(try await ledger.count("ledger_records", where: "user_id = \(w.ana.id)") == 1)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aMemberMayNotChangeWhatOthersCreated(engine: DatabaseEngine) async throws {
        try await LedgerHarness.with(engine) { ledger in
            let w = try await world(ledger)
            let changes: [(String, JSONValue)] = [
                ("bills.edit", ["billId": .string(w.bill), "version": 1, "amount": "9.00"]),
                ("bills.delete", ["billId": .string(w.bill)]), ("payments.delete", ["paymentId": .string(w.payment)]),
                ("payments.edit", ["paymentId": .string(w.payment), "version": 1, "amount": "6.00"]),
                ("recurring.pause", ["recurringId": .string(w.rule)]),
                ("recurring.end", ["recurringId": .string(w.rule)]),
                ("roommates.retract", ["requestId": .string(w.request)]),
                ("events.edit", ["eventId": .string(w.event), "version": 1, "title": "Y"]),
                ("events.delete", ["eventId": .string(w.event)]),
            ]
            for (op, args) in changes {
                let error = try await ledger.failure(op, args, token: w.bob.token)
                #expect(error.code == .permissionDenied, "\(op) by a member who did not create it: \(error)")
            }
        }
    }
}

extension JSONValue {
    /// This object with `other`'s members added.
    func merging(_ other: JSONValue) -> JSONValue {
        guard var object = objectValue, let extra = other.objectValue else { return self }
        for (key, value) in extra.members { object[key] = value }
        return .object(object)
    }
}
