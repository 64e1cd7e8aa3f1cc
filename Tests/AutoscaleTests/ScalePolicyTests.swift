import Autoscale
import Testing

/// A policy's validation and the processes it wants for a load.
@Suite struct ScalePolicyTests {
    @Test func defaults() throws {
        let policy = try ScalePolicy(minimum: 0, maximum: 1, slotsPerProcess: 1)
        #expect(policy.targetUtilisation == 0.7)
        #expect(policy.waitBound == .milliseconds(50))
        #expect(policy.upWindow == .seconds(10))
        #expect(policy.stabilisation == .seconds(60))
        #expect(policy.quietWait == .milliseconds(1))
    }

    @Test func acceptsScaleToZeroAFullTargetAndEqualBounds() throws {
        _ = try ScalePolicy(minimum: 0, maximum: 3, slotsPerProcess: 1, targetUtilisation: 1)
        _ = try ScalePolicy(minimum: 2, maximum: 2, slotsPerProcess: 8, upWindow: .zero, stabilisation: .zero)
    }

    @Test func refusesNegativeMinimum() {
        #expect(throws: ScalePolicyError.negativeMinimum(-1)) {
            try ScalePolicy(minimum: -1, maximum: 3, slotsPerProcess: 1)
        }
    }

    @Test func refusesMaximumBelowOne() {
        #expect(throws: ScalePolicyError.maximumBelowOne(0)) {
            try ScalePolicy(minimum: 0, maximum: 0, slotsPerProcess: 1)
        }
    }

    @Test func refusesMinimumAboveMaximum() {
        #expect(throws: ScalePolicyError.minimumAboveMaximum(minimum: 3, maximum: 2)) {
            try ScalePolicy(minimum: 3, maximum: 2, slotsPerProcess: 1)
        }
    }

    @Test func refusesSlotsPerProcessBelowOne() {
        #expect(throws: ScalePolicyError.slotsPerProcessBelowOne(0)) {
            try ScalePolicy(minimum: 0, maximum: 2, slotsPerProcess: 0)
        }
    }

    @Test(arguments: [0, -0.5, 1.01, Double.infinity])
    func refusesTargetOutsideZeroToOne(_ target: Double) {
        #expect(throws: ScalePolicyError.targetUtilisationOutOfRange(target)) {
            try ScalePolicy(minimum: 0, maximum: 2, slotsPerProcess: 1, targetUtilisation: target)
        }
    }

    @Test func refusesNaNTarget() {
        #expect(throws: ScalePolicyError.self) {
            try ScalePolicy(minimum: 0, maximum: 2, slotsPerProcess: 1, targetUtilisation: .nan)
        }
    }

    @Test func refusesBadDurations() {
        #expect(throws: ScalePolicyError.waitBoundNotPositive(.zero)) {
            try ScalePolicy(minimum: 0, maximum: 2, slotsPerProcess: 1, waitBound: .zero)
        }
        #expect(throws: ScalePolicyError.quietWaitOutOfRange(.milliseconds(60))) {
            try ScalePolicy(minimum: 0, maximum: 2, slotsPerProcess: 1, quietWait: .milliseconds(60))
        }
        #expect(throws: ScalePolicyError.negativeWindow(.seconds(-1))) {
            try ScalePolicy(minimum: 0, maximum: 2, slotsPerProcess: 1, upWindow: .seconds(-1))
        }
        #expect(throws: ScalePolicyError.negativeWindow(.seconds(-2))) {
            try ScalePolicy(minimum: 0, maximum: 2, slotsPerProcess: 1, stabilisation: .seconds(-2))
        }
    }

    // MARK: - Processes wanted

    @Test func wantsTheDemandOverTheTargetShareOfAProcess() {
        // 20 slots at 0.7 × 4 per process: 7.1, so 8.
        #expect(policy().processesWanted(for: load(busy: 8, queued: 12)) == 8)
        // 14 / 2.8 is 5 exactly, though not in binary floating point.
        #expect(policy().processesWanted(for: load(busy: 14)) == 5)
        #expect(policy().processesWanted(for: load(busy: 15)) == 6)
    }

    @Test func wantsOneForAnArrivalAloneAndNoneForNothing() {
        #expect(policy().processesWanted(for: load(arrivals: 1)) == 1)
        #expect(policy().processesWanted(for: load(queued: 1)) == 1)
        #expect(policy().processesWanted(for: load()) == 0)
    }

    @Test func wantsWithinTheBounds() {
        #expect(policy(minimum: 2, maximum: 5).processesWanted(for: load()) == 2)
        #expect(policy(minimum: 2, maximum: 5).processesWanted(for: load(busy: 1_000_000)) == 5)
    }
}
