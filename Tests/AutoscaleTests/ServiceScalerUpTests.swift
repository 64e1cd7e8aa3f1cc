import Autoscale
import Testing

/// Scaling up: from zero, on a queue wait over the bound, and on utilisation over target for the up window.
@Suite struct ServiceScalerUpTests {
    // MARK: - From zero and at the minimum

    @Test func startsOneAtOnceOnTheFirstArrival() {
        var simulation = Simulation(policy(minimum: 0), processes: 0)
        #expect(simulation.observe(load(), at: .zero) == nil)
        #expect(simulation.observe(load(arrivals: 1), at: .seconds(5)) == .start(1))
        #expect(simulation.processes == 1)
    }

    @Test func startsWhatTheQueueWantsFromZero() {
        // 7 queued at 0.7 × 4 slots per process: 2.5, so 3.
        var scaler = ServiceScaler(policy: policy(minimum: 0))
        #expect(scaler.observe(load(queued: 7, arrivals: 7), processes: 0, now: FakeClock().now) == .start(3))
    }

    @Test func staysAtTheMinimumWithNoLoad() {
        var simulation = Simulation(policy(minimum: 2), processes: 2)
        #expect(simulation.run(load(slots: 8), from: .zero, to: .seconds(600)) == [])
        #expect(simulation.processes == 2)
    }

    @Test func startsTheMissingProcessesBelowTheMinimum() {
        var simulation = Simulation(policy(minimum: 3), processes: 1)
        #expect(simulation.observe(load(slots: 4), at: .zero) == .start(2))
        #expect(simulation.run(load(slots: 12), from: .seconds(5), to: .seconds(300)) == [])
    }

    // MARK: - On a queue wait over the bound

    @Test func aWaitOverTheBoundStartsAtOnceAStepSizedFromTheLoad() {
        // Demand 17 slots at 0.7 × 4 per process wants 7; 4 run.
        var simulation = Simulation(policy(), processes: 4)
        let waiting = load(slots: 16, busy: 16, queued: 1, arrivals: 2_000, p90: .milliseconds(80))
        #expect(simulation.observe(waiting, at: .zero) == .start(3))
        #expect(simulation.processes == 7)
    }

    @Test func aStepAtMostDoublesTheProcesses() {
        // Demand 20 slots wants 8; 2 run: 2 more, and 4 more once they have registered and the load still wants 8.
        var simulation = Simulation(policy(), processes: 2)
        #expect(simulation.observe(load(slots: 8, busy: 8, queued: 12, p90: .milliseconds(80)), at: .zero) == .start(2))
        #expect(
            simulation.observe(load(slots: 16, busy: 16, queued: 4, p90: .milliseconds(80)), at: .seconds(1))
                == .start(4)
        )
        #expect(simulation.processes == 8)
    }

    @Test func aQueueProjectingAWaitOverTheBoundStartsBeforeTheP90Shows() {
        // Every slot busy and 20 queued at 100 arrivals a second: a newcomer would wait 200 ms, though the
        // window's p90 is still low.
        var simulation = Simulation(policy(), processes: 2)
        let building = load(slots: 8, busy: 8, queued: 20, arrivals: 1_000, p90: .milliseconds(2))
        #expect(simulation.observe(building, at: .zero) == .start(2))
    }

    @Test func aQueueBesideAFreeSlotProjectsNoWait() {
        var simulation = Simulation(policy(), processes: 2)
        #expect(simulation.observe(load(slots: 8, busy: 7, queued: 20, arrivals: 1_000), at: .zero) == nil)
    }

    @Test func aWaitOverTheBoundStartsAtLeastOne() {
        // The demand fits the processes at target, but requests waited: one more.
        var simulation = Simulation(policy(), processes: 4)
        #expect(
            simulation.observe(load(slots: 16, busy: 6, arrivals: 90, p90: .milliseconds(51)), at: .zero) == .start(1)
        )
    }

    @Test func aWaitAtTheBoundDoesNotScaleUp() {
        var simulation = Simulation(policy(), processes: 4)
        #expect(simulation.observe(load(slots: 16, busy: 6, arrivals: 90, p90: .milliseconds(50)), at: .zero) == nil)
    }

    @Test func aWaitFromBeforeAStartDoesNotStartMoreWithinTheWindow() {
        var simulation = Simulation(policy(), processes: 2)
        let waiting = load(slots: 8, busy: 8, queued: 3, arrivals: 200, p90: .milliseconds(80))
        #expect(simulation.observe(waiting, at: .zero) == .start(2))
        // The new processes have started and the window still holds the old waits: no more while 4 are enough.
        let settling = load(slots: 16, busy: 10, arrivals: 200, p90: .milliseconds(80))
        #expect(simulation.run(settling, from: .seconds(1), to: .milliseconds(9_999), every: .seconds(1)) == [])
        // A window later the waits are new ones: one more.
        #expect(simulation.observe(settling, at: .seconds(10)) == .start(1))
    }

    @Test func aLoadThatGrewBeyondAStartScalesUpWithinTheWindow() {
        var simulation = Simulation(policy(maximum: 20), processes: 4)
        #expect(
            simulation.observe(load(slots: 16, busy: 16, queued: 4, p90: .milliseconds(80)), at: .zero) == .start(4)
        )
        // Demand 30 slots wants 11.
        let grown = load(slots: 32, busy: 24, queued: 6, p90: .milliseconds(80))
        #expect(simulation.observe(grown, at: .seconds(2)) == .start(3))
    }

    @Test func aStartIsNotJudgedBeforeItsProcessesRegister() {
        var simulation = Simulation(policy(), processes: 2)
        #expect(simulation.observe(load(slots: 8, busy: 8, queued: 12, p90: .milliseconds(80)), at: .zero) == .start(2))
        // The 2 new processes' slots are not there yet: the queue they will take is no reason for more.
        let starting = load(slots: 8, busy: 8, queued: 30, p90: .milliseconds(80))
        #expect(simulation.run(starting, from: .seconds(1), to: .seconds(9), every: .seconds(1)) == [])
    }

    // MARK: - On utilisation over target

    @Test func utilisationOverTargetScalesUpOnlyAfterTheUpWindow() {
        // 7 of 8 slots busy: 0.875, over 0.7; 7 slots want 3 processes.
        var simulation = Simulation(policy(), processes: 2)
        let busy = load(slots: 8, busy: 7, arrivals: 70)
        #expect(simulation.observe(busy, at: .zero) == nil)
        #expect(simulation.observe(busy, at: .seconds(5)) == nil)
        #expect(simulation.observe(busy, at: .milliseconds(9_999)) == nil)
        #expect(simulation.observe(busy, at: .seconds(10)) == .start(1))
    }

    @Test func aDipBelowTargetCountsInTheUpWindowsMean() {
        // Within the window that ends at 10 s: 2, 7 and 7 of 8 slots, a mean of 0.67, under 0.7; the one ending at
        // 15 s no longer holds the dip.
        var simulation = Simulation(policy(), processes: 2)
        let busy = load(slots: 8, busy: 7, arrivals: 70)
        #expect(simulation.observe(busy, at: .zero) == nil)
        #expect(simulation.observe(load(slots: 8, busy: 2, arrivals: 20), at: .seconds(5)) == nil)
        #expect(simulation.observe(busy, at: .seconds(6)) == nil)
        #expect(simulation.observe(busy, at: .seconds(10)) == nil)
        #expect(simulation.observe(busy, at: .seconds(15)) == .start(1))
    }

    @Test func oneSlotAProcessBusyAtMostReadingsScalesUpOnTheMean() {
        // One slot a process, the one request seen at 4 readings in 5: 0.8 of the slot on average, over 0.7,
        // though 1 reading in 5 finds it idle.
        var simulation = Simulation(policy(slotsPerProcess: 1), processes: 1)
        var decided: [Decided] = []
        for second in 0...10 {
            let seen = load(slots: 1, busy: second % 5 == 2 ? 0 : 1, arrivals: 500)
            if let decision = simulation.observe(seen, at: .seconds(second)) {
                decided.append(Decided(.seconds(second), decision))
            }
        }
        #expect(decided == [Decided(.seconds(10), .start(1))])
    }

    @Test func utilisationAtTargetDoesNotScaleUp() {
        // 14 of 20 slots: exactly 0.7.
        var simulation = Simulation(policy(), processes: 5)
        #expect(simulation.run(load(slots: 20, busy: 14, arrivals: 140), from: .zero, to: .seconds(120)) == [])
    }

    @Test func utilisationStepIsSizedFromTheLoad() {
        // Every slot busy and 2 queued, though neither the p90 nor the queue (7 ms at 300 a second) is over the wait
        // bound: demand 18 wants 7.
        var simulation = Simulation(policy(), processes: 4)
        let busy = load(slots: 16, busy: 16, queued: 2, arrivals: 3_000, p90: .milliseconds(30))
        #expect(simulation.run(busy, from: .zero, to: .seconds(10)) == [Decided(.seconds(10), .start(3))])
    }

    @Test func afterAStartUtilisationNeedsAWholeUpWindowAgain() {
        var simulation = Simulation(policy(), processes: 2)
        let busy = load(slots: 8, busy: 7, arrivals: 70)
        #expect(simulation.run(busy, from: .zero, to: .seconds(10)) == [Decided(.seconds(10), .start(1))])
        // Every one of the 12 slots busy from just after the start on: wants 5, 2 more (a step at most doubles), a
        // whole up window after the start.
        let busier = load(slots: 12, busy: 12, arrivals: 120)
        #expect(
            simulation.run(busier, from: .seconds(11), to: .seconds(30), every: .seconds(1)) == [
                Decided(.seconds(20), .start(2))
            ]
        )
    }

    // MARK: - Bounds

    @Test func neverStartsBeyondTheMaximum() {
        var simulation = Simulation(policy(maximum: 5), processes: 3)
        let waiting = load(slots: 12, busy: 12, queued: 12, p90: .milliseconds(80))
        #expect(simulation.observe(waiting, at: .zero) == .start(2))
        #expect(simulation.run(waiting, from: .seconds(1), to: .seconds(300)) == [])
        #expect(simulation.processes == 5)
    }

    @Test func drainsOneAtOnceAboveTheMaximum() {
        var simulation = Simulation(policy(maximum: 3), processes: 5)
        let busy = load(slots: 20, busy: 20, queued: 5, p90: .milliseconds(80))
        #expect(simulation.observe(busy, at: .zero) == .drainOne)
        #expect(simulation.observe(busy, at: .seconds(1)) == .drainOne)
        #expect(simulation.observe(busy, at: .seconds(2)) == nil)
        #expect(simulation.processes == 3)
    }
}
