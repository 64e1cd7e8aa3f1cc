import Autoscale
import Testing

/// Merging the `health` views of several gateways into one service's load.
@Suite struct ServiceLoadTests {
    @Test func twoGatewaysThatSeeTheSameThreeWorkersCountTheirSlotsOnce() {
        // Three workers with --slots 4 each register with both gateways: each sees 12 slots.
        let first = view(workers: 12, busy: 3, queued: 1, arrivals: 30, p50Micros: 400, p90Micros: 2_000)
        let second = view(workers: 12, busy: 5, queued: 2, arrivals: 50, p50Micros: 900, p90Micros: 7_000)
        let load = ServiceLoad(merging: [first, second])
        #expect(load.slots == 12)
        #expect(load.busy == 8)
        #expect(load.queued == 3)
        #expect(load.demand == 11)
        #expect(load.arrivals == 80)
        #expect(load.arrivalsPerSecond == 8)
        #expect(load.window == .seconds(10))
        #expect(load.queueWaitP50 == .microseconds(900))
        #expect(load.queueWaitP90 == .milliseconds(7))
    }

    @Test func aGatewayANewWorkerHasNotReachedYetDoesNotLowerTheSlots() {
        let load = ServiceLoad(merging: [view(workers: 12), view(workers: 8)])
        #expect(load.slots == 12)
    }

    @Test func waitsComeFromTheGatewaysThatDispatched() {
        let load = ServiceLoad(merging: [view(workers: 4), view(workers: 4, p50Micros: 30, p90Micros: 70)])
        #expect(load.queueWaitP50 == .microseconds(30))
        #expect(load.queueWaitP90 == .microseconds(70))
        let quiet = ServiceLoad(merging: [view(workers: 4), view(workers: 4)])
        #expect(quiet.queueWaitP50 == nil)
        #expect(quiet.queueWaitP90 == nil)
    }

    @Test func arrivalRatesOfDifferentWindowsAddUp() {
        let load = ServiceLoad(merging: [view(arrivals: 20, windowSeconds: 10), view(arrivals: 30, windowSeconds: 5)])
        #expect(load.arrivalsPerSecond == 8)
        #expect(load.window == .seconds(10))
    }

    @Test func noViewIsNoLoadOnNoSlots() {
        let load = ServiceLoad(merging: [])
        #expect(load.slots == 0)
        #expect(load.demand == 0)
        #expect(load.arrivals == 0)
        #expect(load.arrivalsPerSecond == 0)
        #expect(load.window == .zero)
        #expect(load.queueWaitP90 == nil)
    }
}
