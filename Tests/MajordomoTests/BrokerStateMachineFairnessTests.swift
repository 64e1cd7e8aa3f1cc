import Majordomo
import Testing
import ZeroMQ

/// Fairness between clients (``FairQueue``): a service's queue serves its clients in turn, so one client's many
/// queued requests never stand in front of another client's one.
@Suite struct BrokerStateMachineFairnessTests {
    /// `flood` queues `count` requests (bodies f1...fN) behind a busy worker, then `c1` queues one. Heartbeats are
    /// 10 s apart, so the worker outlives every deadline.
    private func floodBehindABusyWorker(_ count: Int) -> BrokerHarness {
        var harness = BrokerHarness(BrokerConfiguration(heartbeatInterval: .seconds(10)))
        _ = harness.ready("w1")
        for index in 1...count { _ = harness.request("flood", body: "f\(index)") }
        _ = harness.request("c1", body: "mine")
        return harness
    }

    @Test func aFloodingClientsQueueDoesNotStandInFrontOfAnotherClientsRequest() {
        var harness = floodBehindABusyWorker(1000)
        #expect(harness.health("calc")?.queued == 1000)
        // w1 holds f1 (request 1); next come f2 (the flood's turn, which began before c1 queued) and then c1's.
        #expect(
            harness.final("w1", request: 1, body: "r1") == [
                clientFinal("flood", body: "r1"), workerRequest("w1", id: 2, body: "f2"),
            ]
        )
        #expect(
            harness.final("w1", request: 2, body: "r2") == [
                clientFinal("flood", body: "r2"), workerRequest("w1", id: 1001, body: "mine"),
            ]
        )
        #expect(
            harness.final("w1", request: 1001, body: "yours") == [
                clientFinal("c1", body: "yours"), workerRequest("w1", id: 3, body: "f3"),
            ]
        )
        #expect(harness.health("calc")?.queued == 997)
    }

    /// A client that waits for each answer (its FIFO empty when its request comes) goes before a backlogged client's
    /// next turn, as FQ-CoDel serves new flows first: without that, it would wait for the flood's turn.
    @Test func aClientWithNothingQueuedGoesBeforeABackloggedClientsNextTurn() {
        var harness = floodBehindABusyWorker(4)
        #expect(
            harness.final("w1", request: 1, body: "r1") == [
                clientFinal("flood", body: "r1"), workerRequest("w1", id: 2, body: "f2"),
            ]
        )
        #expect(
            harness.final("w1", request: 2, body: "r2") == [
                clientFinal("flood", body: "r2"), workerRequest("w1", id: 5, body: "mine"),
            ]
        )
        // c1 asks again only after its answer: it comes to an empty FIFO again, and goes first again.
        #expect(
            harness.final("w1", request: 5, body: "yours") == [
                clientFinal("c1", body: "yours"), workerRequest("w1", id: 3, body: "f3"),
            ]
        )
        _ = harness.request("c1", body: "again")
        #expect(
            harness.final("w1", request: 3, body: "r3") == [
                clientFinal("flood", body: "r3"), workerRequest("w1", id: 6, body: "again"),
            ]
        )
    }

    @Test func clientsTakeTurnsOneRequestEach() {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        _ = harness.request("a", body: "a0")
        for client in ["a", "b", "c"] {
            for index in 1...2 { _ = harness.request(client, body: "\(client)\(index)") }
        }
        let served = harness.serve("w1", holding: 1, count: 6).map { String(decoding: $0, as: UTF8.self) }
        #expect(served == ["a1", "b1", "c1", "a2", "b2", "c2"])
        #expect(harness.health("calc")?.queued == 0)
    }

    @Test func aRequestGoingBackToItsQueueKeepsItsClientsTurnFirst() {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        _ = harness.request("a", body: "a1")
        _ = harness.request("b", body: "b1")
        _ = harness.request("a", body: "a2")
        // w1 could not be reached: request 1 goes back first in a's FIFO, and a (already queued) keeps its turn after b.
        let message = WorkerMessage.request(dialect: .mdp02, requestID: 1, body: ZMQFrames([bytes("a1")]))
        _ = harness.undeliverable("w1", message)
        #expect(harness.health("calc")?.queued == 3)
        #expect(harness.ready("w2") == [workerRequest("w2", id: 2, body: "b1")])
        #expect(
            harness.final("w2", request: 2, body: "ok") == [
                clientFinal("b", body: "ok"), workerRequest("w2", id: 1, body: "a1"),
            ]
        )
    }

    @Test func expiredRequestsLeaveTheirClientsTurn() {
        var harness = floodBehindABusyWorker(3)
        let deadline = BrokerConfiguration().defaultDeadline
        let expired = harness.tick(at: deadline)
        // f1 is in flight; f2, f3 and c1's request expire where they wait, and nobody's turn is left behind.
        #expect(expired.count == 4)
        #expect(harness.health("calc")?.queued == 0)
        #expect(harness.request("c1", body: "again", at: deadline) == [])
        #expect(
            harness.final("w1", request: 1, body: "late", at: deadline) == [
                workerRequest("w1", id: 5, body: "again")
            ]
        )
    }

    @Test func batchRequestsWaitInTheTurnOfTheClientTheyAreMadeFor() {
        var harness = BrokerHarness()
        _ = harness.ready("w1")
        _ = harness.request("c1", body: "busy")
        for token in 1...3 as ClosedRange<UInt64> {
            _ = harness.submitOwnerRequest(
                token: token,
                service: "calc",
                body: [bytes("batch\(token)")],
                deadline: nil,
                client: bytes("batcher"),
                now: harness.start
            )
        }
        _ = harness.request("c2", body: "single")
        #expect(
            harness.final("w1", request: 1, body: "ok") == [
                clientFinal("c1", body: "ok"), workerRequest("w1", id: 2, body: "batch1"),
            ]
        )
        #expect(
            harness.final("w1", request: 2, body: "b1") == [
                .deliver(token: 1, body: [bytes("b1")]), workerRequest("w1", id: 5, body: "single"),
            ]
        )
    }
}

/// Turns fair in bytes (deficit round robin, ``FairQueue``): a request larger than a turn's quantum waits a turn per
/// quantum it needs, while another client's small requests are served one a turn.
@Suite struct BrokerStateMachineByteFairnessTests {
    @Test func aLargeRequestWaitsATurnPerQuantumWhileSmallOnesAreServed() {
        var harness = BrokerHarness(BrokerConfiguration(heartbeatInterval: .seconds(10)))
        _ = harness.ready("w1")
        _ = harness.request("small", body: "s0")
        // Three quanta and a bit: the large request is served on its fourth turn.
        let large = String(repeating: "L", count: 3 * (64 << 10))
        _ = harness.request("large", body: large)
        for index in 1...5 { _ = harness.request("small", body: "s\(index)") }
        let served = harness.serve("w1", holding: 1, count: 6).map {
            $0.count > 8 ? "large" : String(decoding: $0, as: UTF8.self)
        }
        #expect(served == ["s1", "s2", "s3", "large", "s4", "s5"])
    }
}
