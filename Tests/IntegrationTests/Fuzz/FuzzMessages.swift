import Majordomo
import ReckonTesting

/// Bad messages for a fuzz run, from a seed: random frames, and valid MDP messages mutated (bytes flipped, frames
/// cut, added, duplicated or emptied, headers of the other side or another version, huge frame counts). READY names
/// fresh services, never one the correct client uses: on an endpoint without an allow-list any peer may register as
/// a worker (docs/security.md), which is not what a fuzz run measures.
struct FuzzMessages {
    private var random: SeededGenerator
    private let valid: [[[UInt8]]]

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
        let body = Array(#"{"op":"evaluate","id":"f","args":{"expression":"1+1"}}"#.utf8)
        valid = [
            PeerCodec.encodeClientRequest(service: "calc", body: body),
            PeerCodec.encodeClientRequest(service: "gateway", body: Array(#"{"op":"batch","args":{}}"#.utf8)),
            PeerCodec.encodeClientRequest(service: "mmi.service", body: Array("calc".utf8)),
            PeerCodec.encodeReady(service: "fuzz-service"),
            PeerCodec.heartbeat,
            PeerCodec.disconnect,
            PeerCodec.encodeWorkerReply(address: Array("nobody".utf8), body: body),
        ]
    }

    /// The next bad message.
    mutating func next() -> [[UInt8]] {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<3: return randomFrames()
        default: return mutated(valid[Int.random(in: 0..<valid.count, using: &random)])
        }
    }

    private mutating func randomFrames() -> [[UInt8]] {
        (0..<Int.random(in: 0...6, using: &random)).map { _ in bytes(Int.random(in: 0...48, using: &random)) }
    }

    private mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
    }

    private mutating func mutated(_ message: [[UInt8]]) -> [[UInt8]] {
        var frames = message
        let index = Int.random(in: 0..<frames.count, using: &random)
        switch Int.random(in: 0..<7, using: &random) {
        case 0 where !frames[index].isEmpty:
            let byte = Int.random(in: 0..<frames[index].count, using: &random)
            frames[index][byte] ^= UInt8.random(in: 1...255, using: &random)
        case 1: frames.removeLast(Int.random(in: 0...frames.count, using: &random))
        case 2: frames.insert(bytes(Int.random(in: 0...16, using: &random)), at: index)
        case 3: frames[index] = []
        case 4: frames += Array(repeating: frames[index], count: Int.random(in: 1...80, using: &random))
        case 5: frames[index] = Array(frames[index].prefix(Int.random(in: 0...frames[index].count, using: &random)))
        default: frames[0] = [Array("MDPC01".utf8), Array("MDPW01".utf8), Array("MDPC03".utf8)][index % 3]
        }
        return frames
    }
}
