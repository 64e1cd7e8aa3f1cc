import Testing
import W3CTraceContext

@testable import Telemetry

@Suite struct TraceSamplerTests {
    private static func trace(endingWith low: UInt64) -> TraceID {
        var bytes = TraceID.null.bytes
        withUnsafeMutableBytes(of: &bytes) { $0.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self) }
        return TraceID(bytes: bytes)
    }

    @Test func readsTheSpecificationsSamplersAndRefusesOthers() throws {
        #expect(try TraceSampler(name: nil, argument: nil) == .parentBased(root: .alwaysOn))
        #expect(try TraceSampler(name: "always_off", argument: nil) == .alwaysOff)
        #expect(try TraceSampler(name: "traceidratio", argument: "1") == .alwaysOn)
        #expect(
            try TraceSampler(name: "parentbased_traceidratio", argument: "0.5")
                == .parentBased(root: .ratio(threshold: 1 << 63))
        )
        #expect(throws: TraceSettingsError.self) { try TraceSampler(name: "sometimes", argument: nil) }
        #expect(throws: TraceSettingsError.self) { try TraceSampler(name: "traceidratio", argument: "1.5") }
    }

    @Test func aRatioChoosesByTheTraceIDSoEveryProcessChoosesAlike() throws {
        let half = try TraceSampler(name: "traceidratio", argument: "0.5")
        #expect(half.samples(Self.trace(endingWith: (1 << 63) - 1), parentSampled: nil))
        #expect(!half.samples(Self.trace(endingWith: 1 << 63), parentSampled: nil))
        // traceidratio ignores the parent; the parent-based samplers follow it, and ask their root only for a root.
        #expect(!half.samples(Self.trace(endingWith: 1 << 63), parentSampled: true))
        let parentBased = TraceSampler.parentBased(root: .alwaysOff)
        #expect(parentBased.samples(Self.trace(endingWith: 0), parentSampled: true))
        #expect(!parentBased.samples(Self.trace(endingWith: 0), parentSampled: nil))
        #expect(!TraceSampler.standard.samples(Self.trace(endingWith: 0), parentSampled: false))
    }
}
