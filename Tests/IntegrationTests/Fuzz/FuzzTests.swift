import Foundation
import Majordomo
import ReckonClient
import Synchronization
import Testing
import Wire
import ZeroMQ

extension HeavyLoadTests {
    /// A million bad messages at both gateway endpoints, and bad messages at a worker, while a correct client keeps
    /// being served correctly; the gateway's memory is reported before, at its peak and after, and must not grow by
    /// 32 MB.
    @Suite struct FuzzTests {
        /// How many bad messages the gateway gets (`RECKON_FUZZ_MESSAGES` to change it).
        private static let messages =
            ProcessInfo.processInfo.environment["RECKON_FUZZ_MESSAGES"].flatMap { Int($0) }
            ?? 1_000_000

        /// Sends `count` bad messages to `endpoint` from one thread, replacing its socket every 5,000 messages (every
        /// other new socket reuses the last one's routing id while that connection may still be known) and reading
        /// whatever comes back. Returns how many the socket took.
        private static func flood(_ endpoint: String, count: Int, seed: UInt64) throws -> Int {
            var messages = FuzzMessages(seed: seed)
            var peer: RawPeer?
            var taken = 0
            for index in 0..<count {
                if index % 5000 == 0 {
                    let reuse = index / 5000 % 2 == 1
                    peer = try RawPeer(.dealer, connect: endpoint, routingID: reuse ? Array("fuzz-\(seed)".utf8) : nil)
                    try peer?.socket.setLinger(milliseconds: 0)
                }
                do {
                    try peer?.socket.send(messages.next(), dontWait: true)
                    taken += 1
                } catch let error as ZMQError where error.isWouldBlock {
                    Thread.sleep(forTimeInterval: 0.001)
                }
                if index % 64 == 0 { while (try? peer?.socket.receive(dontWait: true)) != nil {} }
                // About 5,000 messages a second per sender, 20,000 in all: a flood, not a CPU hog of the test itself.
                if index % 500 == 499 { Thread.sleep(forTimeInterval: 0.1) }
            }
            return taken
        }

        @Test func aMillionBadMessagesLeaveTheGatewayServingAndItsMemoryBounded() async throws {
            // Liveness 16 (4 s): on two cores the flood's own threads can hold the worker's heartbeats back past 1 s.
            let stack = try await LocalStack.start(workers: [2], liveness: 16)
            defer { stack.stop() }
            let gateway = try #require(stack.gateway)
            let before = try #require(ProcessMemory.residentBytes(pid: gateway.pid))
            let peak = Mutex(before)
            let (clientEndpoint, workerEndpoint) = (stack.clientEndpoint, stack.workerEndpoint)
            let started = ContinuousClock.now
            let done = Mutex(false)
            async let taken = withThrowingTaskGroup(of: Int.self) { group in
                for sender in 0..<4 {
                    let endpoint = sender % 2 == 0 ? clientEndpoint : workerEndpoint
                    group.addTask {
                        try await onThread {
                            try Self.flood(endpoint, count: Self.messages / 4, seed: UInt64(sender + 1))
                        }
                    }
                }
                defer { done.withLock { $0 = true } }
                return try await group.reduce(0, +)
            }
            var (answered, right) = (0, 0)
            while !done.withLock({ $0 }) {
                let reply = await capture {
                    try await stack.call("calc", "evaluate", ["expression": .string("\(answered)+1")])
                }
                guard case .success(let value) = reply else {
                    Issue.record("a correct call failed: \(reply)")
                    break
                }
                if value["value"]?.stringValue == String(answered + 1) { right += 1 }
                answered += 1
                if let now = ProcessMemory.residentBytes(pid: gateway.pid) { peak.withLock { $0 = max($0, now) } }
            }
            let sent = try await taken
            let seconds = (ContinuousClock.now - started).components.seconds
            try await Task.sleep(for: .seconds(2))
            let after = try #require(ProcessMemory.residentBytes(pid: gateway.pid), "the gateway died")
            let stats = try await stack.call("gateway", "stats")
            print(
                "fuzz: \(sent) bad messages taken (of \(Self.messages)) in \(seconds) s; correct client \(right) of "
                    + "\(answered) right; gateway RSS before \(ProcessMemory.megabytes(before)), peak "
                    + "\(ProcessMemory.megabytes(peak.withLock { $0 })), after \(ProcessMemory.megabytes(after)); "
                    + "dropped \(stats["dropped"]?.cellInt ?? 0)"
            )
            #expect(right == answered && answered > 0)
            #expect(after - before < 32 << 20, "the gateway grew by \(ProcessMemory.megabytes(after - before))")
            #expect(try await stack.call("calc", "evaluate", ["expression": "6*7"])["value"] == "42")
        }

        @Test func aWorkerTakesAHundredThousandBadMessagesAndStillServes() async throws {
            let (reply, sent, pid, memory) = try await onThread { () -> ([[UInt8]]?, Int, Int32, (Int, Int)) in
                let (broker, endpoint) = try FreePorts.bound { try RawPeer(.router, bind: $0) }
                let worker = try ChildProcess("reckon-calc", ["--gateway", endpoint, "--slots", "1"])
                defer { worker.kill(SIGKILL) }
                guard let ready = try broker.receive(timeoutMs: 10_000) else {
                    throw StackError("no READY from reckon-calc\n\(worker.output)")
                }
                let before = ProcessMemory.residentBytes(pid: worker.pid) ?? 0
                var messages = FuzzMessages(seed: 42)
                var sent = 0
                for index in 0..<100_000 {
                    try broker.socket.send([ready[0]] + messages.next(), dontWait: true)
                    sent += 1
                    if index % 500 == 499 { Thread.sleep(forTimeInterval: 0.02) }
                    while (try? broker.socket.receive(dontWait: true)) != nil {}
                }
                let after = ProcessMemory.residentBytes(pid: worker.pid) ?? 0
                // A fuzzed DISCONNECT makes the worker register again under a new identity, whose READY the fuzz loop
                // may have drained: ask whichever identity speaks (READY or heartbeat), until the worker answers.
                let request = bytes(#"{"op":"evaluate","id":"after-fuzz","args":{"expression":"6*7"}}"#)
                var identity = ready[0]
                try broker.send([identity, bytes("MDPW02"), [0x02], bytes("real"), [], request])
                let deadline = ContinuousClock.now + .seconds(20)
                while ContinuousClock.now < deadline {
                    guard let message = try broker.receive(timeoutMs: 1000) else { continue }
                    if message.count >= 3, [[0x01], [0x05]].contains(message[2]), message[0] != identity {
                        identity = message[0]
                        try broker.send([identity, bytes("MDPW02"), [0x02], bytes("real"), [], request])
                    } else if message.count >= 6, message[2] == [0x04], message[3] == bytes("real") {
                        return (message, sent, worker.pid, (before, after))
                    }
                }
                return (nil, sent, worker.pid, (before, after))
            }
            print(
                "worker fuzz: \(sent) bad messages; reckon-calc (pid \(pid)) RSS \(ProcessMemory.megabytes(memory.0)) -> "
                    + "\(ProcessMemory.megabytes(memory.1)); it then answered a real request"
            )
            let frames = try #require(reply, "the worker did not answer after the fuzz")
            #expect(try JSONValue(parsing: frames[5])["result"]?["value"] == "42")
        }
    }
}
