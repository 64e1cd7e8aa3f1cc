import Majordomo
import Testing

/// Workers bound to services by the user id their connection authenticated as.
@Suite struct BrokerStateMachinePermissionTests {
    private static let permissions = ServicePermissions(["alice": ["calc"], "bob": ["calc", "ledger"]])

    private static func harness() -> BrokerHarness {
        var harness = BrokerHarness()
        _ = harness.replacePermissions(permissions, now: harness.start)
        return harness
    }

    @Test func listedWorkerRegistersItsService() {
        var harness = Self.harness()
        #expect(harness.ready("w1", service: "calc", userID: "alice") == [])
        #expect(harness.load("calc") == Load(1, 1, 0))
    }

    @Test(arguments: [("alice", "ledger"), ("carol", "calc"), (nil, "calc")] as [(String?, String)])
    func readyOutsideThePermissionsIsRefused(_ userID: String?, _ service: String) {
        var harness = Self.harness()
        let actions = harness.ready("w1", service: service, userID: userID)
        #expect(actions.first?.refusedError?.code == .serviceForbidden)
        #expect(actions.dropFirst() == [workerDisconnect("w1")])
        #expect(harness.load(service) == nil)
        #expect(harness.broker.counters.workersForbidden == 1)
        #expect(
            harness.request("c1", service: service, body: "x") == [
                failure("c1", .noWorkers, service: service, body: "x")
            ]
        )
    }

    @Test func messagesFromARefusedWorkerAreNotServed() {
        var harness = Self.harness()
        _ = harness.ready("w1", service: "ledger", userID: "alice")
        #expect(harness.final("w1", request: 1, body: "stolen") == [workerDisconnect("w1")])
        #expect(harness.broker.counters.replies == 0)
    }

    @Test func withoutPermissionsAnyWorkerServesAnything() {
        var harness = BrokerHarness()
        #expect(harness.ready("w1", service: "ledger") == [])
        #expect(harness.load("ledger") == Load(1, 1, 0))
    }

    @Test func newPermissionsPurgeWorkersNoLongerAllowed() {
        var harness = Self.harness()
        _ = harness.ready("w1", service: "calc", userID: "alice")
        _ = harness.ready("w2", service: "ledger", userID: "bob")
        let actions = harness.replacePermissions(ServicePermissions(["bob": ["calc"]]), now: harness.start)
        #expect(actions.compactMap(\.refusedError).map(\.code) == [.serviceForbidden, .serviceForbidden])
        #expect(
            actions.filter { if case .sendToWorker = $0 { true } else { false } } == [
                workerDisconnect("w1"), workerDisconnect("w2"),
            ]
        )
        #expect(harness.load("calc") == Load(0, 0, 0))
        #expect(harness.broker.counters.workersRevoked == 2)
        #expect(harness.ready("w3", service: "calc", userID: "bob") == [])
    }

    @Test func revokedWorkersRequestIsAnsweredAsLost() {
        var harness = Self.harness()
        _ = harness.ready("w1", service: "calc", userID: "alice")
        _ = harness.request("c1", body: "job")
        let actions = harness.replacePermissions(ServicePermissions([:]), now: harness.start)
        #expect(actions.contains(failure("c1", .workerLost, body: "job")))
    }

    @Test func droppingThePermissionsRevokesNobody() {
        var harness = Self.harness()
        _ = harness.ready("w1", service: "calc", userID: "alice")
        #expect(harness.replacePermissions(nil, now: harness.start) == [])
        #expect(harness.ready("w2", service: "orders") == [])
    }
}
