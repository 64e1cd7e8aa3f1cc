import Autoscale
import Testing

/// Scaling down: one process at a time, after the need stayed below for the stabilisation window.
@Suite struct ServiceScalerDownTests {
    /// 2 slots held of 16, nothing queued, no wait: 1 process would do.
    let light = load(slots: 16, busy: 2, arrivals: 20, p90: .microseconds(40))

    @Test func drainsOneOnlyAfterTheStabilisationWindow() {
        var simulation = Simulation(policy(), processes: 4)
        #expect(simulation.run(light, from: .zero, to: .seconds(55)) == [])
        #expect(simulation.observe(light, at: .milliseconds(59_999)) == nil)
        #expect(simulation.observe(light, at: .seconds(60)) == .drainOne)
        #expect(simulation.processes == 3)
    }

    @Test func drainsOneAtATimeAStabilisationWindowApart() {
        var simulation = Simulation(policy(), processes: 4)
        let decided = simulation.run(light, from: .zero, to: .seconds(600), every: .seconds(1))
        // Down to 1: 2 slots on 0 processes would not be held.
        #expect(
            decided == [
                Decided(.seconds(60), .drainOne), Decided(.seconds(120), .drainOne), Decided(.seconds(180), .drainOne),
            ]
        )
        #expect(simulation.processes == 1)
    }

    @Test func aQueuedRequestInTheWindowRestartsIt() {
        var simulation = Simulation(policy(), processes: 4)
        #expect(simulation.run(light, from: .zero, to: .seconds(25)) == [])
        #expect(simulation.observe(load(slots: 16, busy: 2, queued: 1, arrivals: 20), at: .seconds(30)) == nil)
        #expect(simulation.run(light, from: .seconds(35), to: .seconds(90)) == [])
        #expect(simulation.observe(light, at: .seconds(95)) == .drainOne)
    }

    @Test func aWindowInWhichRequestsWaitedRestartsIt() {
        // celery#8943: requests that waited in the queue are need, even with slots idle now.
        var simulation = Simulation(policy(), processes: 4)
        #expect(simulation.run(light, from: .zero, to: .seconds(25)) == [])
        let waited = load(slots: 16, busy: 2, arrivals: 20, p90: .milliseconds(5))
        #expect(simulation.run(waited, from: .seconds(30), to: .seconds(60)) == [])
        #expect(simulation.run(light, from: .seconds(65), to: .seconds(120)) == [])
        #expect(simulation.observe(light, at: .seconds(125)) == .drainOne)
    }

    @Test func aWaitWithinTheQuietWaitDoesNotCount() {
        var simulation = Simulation(policy(), processes: 4)
        let quiet = load(slots: 16, busy: 2, arrivals: 20, p90: .milliseconds(1))
        #expect(simulation.run(quiet, from: .zero, to: .seconds(60)) == [Decided(.seconds(60), .drainOne)])
    }

    @Test func keepsAProcessWhoseLossWouldPushUtilisationOverTarget() {
        // 9 slots held on 4 processes of 4: 3 would hold them at 0.75, over 0.7.
        var simulation = Simulation(policy(), processes: 4)
        #expect(simulation.run(load(slots: 16, busy: 9, arrivals: 90), from: .zero, to: .seconds(600)) == [])
    }

    @Test func aSlotBusyAtSomeObservationsDoesNotBlockADrain() {
        // One slot a process, the one request seen at every other observation: a mean of 0.5 slots wants 1
        // process, though each observation that sees it alone would want 2 (1 slot over 0.7 × 1).
        var simulation = Simulation(policy(slotsPerProcess: 1), processes: 2)
        var decided: [Decided] = []
        for second in 0...60 {
            let seen = load(slots: 2, busy: second % 2, arrivals: 300, p90: .microseconds(20))
            if let decision = simulation.observe(seen, at: .seconds(second)) {
                decided.append(Decided(.seconds(second), decision))
            }
        }
        #expect(decided == [Decided(.seconds(60), .drainOne)])
    }

    @Test func noDrainWithinTheStabilisationWindowAfterAStart() {
        var simulation = Simulation(policy(), processes: 2)
        #expect(simulation.observe(load(slots: 8, busy: 8, queued: 1, p90: .milliseconds(80)), at: .zero) == .start(2))
        let idle = load(slots: 32, arrivals: 0)
        // Idle from 1 s on: a drain at 61 s, not before, though the start was at 0.
        #expect(simulation.run(idle, from: .seconds(1), to: .seconds(60), every: .seconds(1)) == [])
        #expect(simulation.observe(idle, at: .seconds(61)) == .drainOne)
    }

    @Test func flatLoadAfterAScaleDownDoesNotScaleUp() {
        // 5 slots held, nothing waits: from 6 processes down to 2 (5 on 1 process of 4 would be 1.25), then steady.
        var simulation = Simulation(policy(), processes: 6)
        let flat = load(slots: 24, busy: 5, arrivals: 50, p90: .microseconds(100))
        let decided = simulation.run(flat, from: .zero, to: .seconds(1_800), every: .seconds(1))
        #expect(decided.allSatisfy { $0.decision == .drainOne })
        #expect(decided.map(\.offset) == [.seconds(60), .seconds(120), .seconds(180), .seconds(240)])
        #expect(simulation.processes == 2)
    }

    // MARK: - Bounds

    @Test func neverDrainsBelowTheMinimum() {
        var simulation = Simulation(policy(minimum: 2), processes: 4)
        let decided = simulation.run(load(slots: 16), from: .zero, to: .seconds(600))
        #expect(decided == [Decided(.seconds(60), .drainOne), Decided(.seconds(120), .drainOne)])
        #expect(simulation.processes == 2)
    }

    @Test func scalesToZeroOnlyWithNothingHeldQueuedOrArrived() {
        var simulation = Simulation(policy(minimum: 0), processes: 1)
        #expect(simulation.run(load(slots: 4, arrivals: 1), from: .zero, to: .seconds(300)) == [])
        #expect(
            simulation.run(load(slots: 4), from: .seconds(305), to: .seconds(365)) == [
                Decided(.seconds(365), .drainOne)
            ]
        )
        #expect(simulation.processes == 0)
        #expect(simulation.run(load(), from: .seconds(370), to: .seconds(900)) == [])
    }
}
