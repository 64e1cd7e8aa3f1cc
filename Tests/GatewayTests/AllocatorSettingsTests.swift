import Gateway
import Testing

/// The mapping threshold the gateway sets: just above the largest frame it reads, within glibc's largest.
@Suite struct AllocatorSettingsTests {
    @Test func theDefaultFrameCeilingAndItsHeaderComeFromTheArenas() {
        let ceiling = GatewayConfiguration().frameCeiling
        #expect(ceiling == 4 << 20)
        #expect(AllocatorSettings.mmapThreshold(largestFrame: ceiling) == (4 << 20) + (64 << 10))
    }

    @Test func aCeilingPastGlibcsLargestThresholdIsClampedToIt() {
        #expect(AllocatorSettings.mmapThreshold(largestFrame: 1 << 30) == 32 << 20)
        #expect(AllocatorSettings.mmapThreshold(largestFrame: .max) == 32 << 20)
    }
}
