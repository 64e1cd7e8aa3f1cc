import Foundation
import LedgerAPI
import ReckonClient
import Synchronization
import Testing
import Wire

/// A bounded write load on the ledger: `clients` tasks each add `billsEach` bills, each bill with its own
/// idempotency key, sending the same key again (as a client that lost its reply would) while the answer is
/// `unavailable` or `deadline_exceeded`, for up to `patience`. It counts what it saw, so a fault test can print and
/// check it: every bill must land exactly once.
struct BillLoad: Sendable {
    let client: ReckonClient
    let token: String
    let householdId: String
    let payer: String
    var clients = 20
    var billsEach = 10
    var patience: Duration = .seconds(150)

    /// What a run saw.
    struct Counts: Sendable, CustomStringConvertible {
        var calls = 0
        var answered = 0
        var resends = 0
        var failures: [String: Int] = [:]
        var description: String {
            "\(calls) keyed calls, \(answered) answered, \(resends) sent again, transient errors \(failures)"
        }
    }

    /// Runs the load; `fault` runs beside it once a quarter of the calls are answered. Returns the counts.
    /// - Throws: the first error that is not transient, or a transient one past `patience`.
    func run(fault: @escaping @Sendable () async throws -> Void) async throws -> Counts {
        let counts = Tally(Counts(calls: clients * billsEach))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for member in 0..<clients {
                group.addTask {
                    for bill in 0..<billsEach { try await add("c\(member)-b\(bill)", counts) }
                }
            }
            group.addTask {
                while counts.value.withLock({ $0.answered }) < clients * billsEach / 4 {
                    try await Task.sleep(for: .milliseconds(5))
                }
                try await fault()
            }
            try await group.waitForAll()
        }
        return counts.value.withLock { $0 }
    }

    private func add(_ description: String, _ counts: Tally) async throws {
        try await addBill(description, through: client) { code in
            counts.value.withLock {
                $0.resends += 1
                $0.failures[code.rawValue, default: 0] += 1
            }
        }
        counts.value.withLock { $0.answered += 1 }
    }

    /// Adds the bill `description` (one dollar paid by `payer`, split equally) through `client`, under the key
    /// `load-description`, sending it again under that key while the answer is transient; `resent` hears the code
    /// of each answer that made it send again.
    func addBill(_ description: String, through client: ReckonClient, resent: (WireError.Code) -> Void) async throws {
        let args = KeyedBillArgs(
            key: householdId,
            bill: .init(description: description, amount: "1.00", paidBy: payer, split: .init(kind: "equal"))
        )
        _ = try await sendingAgain(for: patience, resent: resent) {
            try await client.call(BillsAddOp.self, args, token: token, idempotencyKey: "load-" + description)
        }
    }

    /// Every live bill's description, read back page by page.
    func descriptions() async throws -> [String] {
        var descriptions: [String] = []
        var cursor: String?
        repeat {
            let page = try await client.call(
                BillsListOp.self,
                .init(householdId: householdId, cursor: cursor, limit: 500),
                token: token
            )
            descriptions += page.bills.map(\.description)
            cursor = page.nextCursor
        } while cursor != nil
        return descriptions
    }
}

extension BillLoad {
    /// A load on a new household: ana signs up and in through `client` and makes the household she pays into.
    static func forNewHousehold(through client: ReckonClient) async throws -> BillLoad {
        _ = try await client.call(AuthSignupOp.self, .init(username: "ana", password: "correct horse"))
        let session = try await client.call(AuthLoginOp.self, .init(username: "ana", password: "correct horse"))
        let home = try await client.call(HouseholdCreateOp.self, .init(name: "Flat"), token: session.token)
        return BillLoad(client: client, token: session.token, householdId: home.householdId, payer: session.user.userId)
    }

    /// `count` bills landed, each once, and the totals kept beside them agree: ana paid one dollar per bill and the
    /// nets sum to zero.
    func expectEveryBill(count: Int) async throws {
        let descriptions = try await descriptions()
        #expect(descriptions.count == count, "lost or doubled: \(descriptions.count) bills")
        #expect(Set(descriptions).count == count)
        let balances = try await client.call(BalancesOp.self, .init(householdId: householdId), token: token)
        #expect(balances.members.first { $0.userId == payer }?.paid == "\(count).00")
        #expect(balances.members.compactMap { Decimal(string: $0.net) }.reduce(0, +) == 0)
    }
}

/// Counts shared by the load's tasks.
private final class Tally: Sendable {
    let value: Mutex<BillLoad.Counts>
    init(_ counts: BillLoad.Counts) { value = Mutex(counts) }
}
