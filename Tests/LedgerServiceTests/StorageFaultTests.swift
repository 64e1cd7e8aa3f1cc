import LedgerAPI
import LedgerService
import ReckonTesting
import Storage
import Testing
import Wire

/// A database that fails while an op checks the caller's membership is answered as the fault it is: `unavailable`,
/// or the op's result when the write's retry gets past a serialization failure. Never `not_found`, which would
/// tell a client its event, stock line or payment is gone when only the database hiccupped (and, for a write, skip
/// the retry). The faults are real ones, set off by the engine itself (see ``StorageFault``), not a mocked database.
@Suite struct StorageFaultTests {
    @Test(arguments: StorageFault.allCases)
    func aFaultWhileCheckingMembershipIsNeverNotFound(fault: StorageFault) async throws {
        try await TestDatabase.with(fault.engine) { database, url in
            try await LedgerService.prepare(database: database)
            let ledger = try LedgerHarness(database: database, configuration: LedgerHarness.configuration())
            let ana = try await ledger.user("ana")
            let bob = try await ledger.user("bob")
            let home = try await ledger.household(ana, members: [bob])
            let event = try await ledger.call(
                EventsAddOp.self,
                .init(householdId: home, title: "Yoga", start: "2026-03-01", end: "2026-03-01", allDay: true),
                token: ana.token
            )
            let rice = try await ledger.call(
                InventoryAddOp.self,
                .init(householdId: home, name: "Rice", quantity: "2", unit: "kg"),
                token: ana.token
            ).stock
            let payment = try await ledger.call(
                PaymentsRecordOp.self,
                .init(householdId: home, from: bob.id, to: ana.id, amount: "10"),
                token: ana.token
            )
            let requests: [(op: String, args: JSONValue, writes: Bool)] = [
                (EventsGetOp.name, try jsonValue(EventsGetOp.Args(eventId: event.eventId)), false),
                (
                    InventoryEditOp.name,
                    try jsonValue(InventoryEditOp.Args(itemId: rice.itemId, version: rice.version, quantity: "1")),
                    true
                ),
                (
                    PaymentsEditOp.name,
                    try jsonValue(PaymentsEditOp.Args(paymentId: payment.paymentId, version: 1, amount: "12")),
                    true
                ),
            ]
            try await fault.install(in: database, url: url)
            for request in requests {
                let reply = try await ledger.send(request.op, request.args, token: ana.token)
                let error = reply["error"].flatMap(WireError.init(json:))
                let retried = fault == .serializationFailure && request.writes
                #expect(error?.code == (retried ? nil : .unavailable), "\(request.op) under \(fault): \(reply)")
            }
        }
    }
}
