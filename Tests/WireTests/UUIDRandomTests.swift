import Foundation
import Testing
import Wire

/// ``Foundation/UUID/random()`` makes version-4 UUIDs of the RFC 9562 variant, as `UUID()` does, and no two alike, however many threads take them.
@Suite struct UUIDRandomTests {
    @Test func makesVersionFourUUIDsThatDiffer() {
        let made = (0..<10_000).map { _ in UUID.random() }
        #expect(Set(made).count == made.count)
        for uuid in made {
            let text = uuid.uuidString
            #expect(Array(text)[14] == "4")
            #expect("89AB".contains(Array(text)[19]))
            #expect(UUID(uuidString: text) == uuid)
        }
    }

    @Test func tasksTakingAtOnceGetNoneAlike() async {
        let made = await withTaskGroup(of: [UUID].self) { group in
            for _ in 0..<8 { group.addTask { (0..<2_000).map { _ in UUID.random() } } }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(Set(made).count == 16_000)
    }

    @Test func setsEveryOtherBitBothWays() {
        let made = (0..<2_000).map { _ in UUID.random() }
        let ones = made.reduce(into: [UInt8](repeating: 0, count: 16)) { ones, uuid in
            withUnsafeBytes(of: uuid.uuid) { for index in 0..<16 { ones[index] |= $0[index] } }
        }
        let zeros = made.reduce(into: [UInt8](repeating: 0, count: 16)) { zeros, uuid in
            withUnsafeBytes(of: uuid.uuid) { for index in 0..<16 { zeros[index] |= ~$0[index] } }
        }
        #expect(ones == [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x4F, 0xFF, 0xBF] + [UInt8](repeating: 0xFF, count: 7))
        #expect(zeros == [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xBF, 0xFF, 0x7F] + [UInt8](repeating: 0xFF, count: 7))
    }
}
