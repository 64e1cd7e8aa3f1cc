import Foundation
import Testing
import Wire
import ZeroMQ

/// A real `reckon-calc` drained by SIGTERM against a broker played by the test: it registers one connection with
/// its slots as capacity, asks for no more work on SIGTERM (READY with capacity 0), still answers a request the
/// gateway sent before it could read that, then says DISCONNECT and exits.
@Suite struct WorkerDrainTests {
    @Test func sigtermAsksForNoMoreWorkAnswersWhatComesAndThenDisconnects() async throws {
        let endpoint = "tcp://127.0.0.1:\(try FreePorts.take(1)[0])"
        let worker = try ChildProcess("reckon-calc", ["--gateway", endpoint, "--slots", "3"])
        defer { worker.kill(SIGKILL) }
        let capacities = try await onThread { () -> (first: [UInt8], draining: [UInt8]) in
            let router = try RawPeer(.router, bind: endpoint)
            let ready = try Self.next(router, command: 0x01, worker)
            worker.kill(SIGTERM)
            let draining = try Self.next(router, command: 0x01, worker)
            let request = bytes(#"{"op":"convert","id":"late","args":{"value":"2","from":"km","to":"m"}}"#)
            try router.send([ready[0], bytes("MDPW02"), [0x02], bytes("late"), [], request])
            let reply = try Self.next(router, command: 0x04, worker)
            #expect(reply.count == 6 && reply[3] == bytes("late"))
            #expect(try JSONValue(parsing: reply[5])["result"]?["value"] == "2000")
            _ = try Self.next(router, command: 0x06, worker)
            return (ready.count == 5 ? ready[4] : [], draining.count == 5 ? draining[4] : [])
        }
        #expect(capacities.first == bytes("3"))
        #expect(capacities.draining == bytes("0"))
        #expect(await worker.waitForExit(timeout: .seconds(60)) == 0, "\(worker.output)")
    }

    /// The worker's next message with MDP/0.2 `command`, passing over heartbeats.
    private static func next(_ router: RawPeer, command: UInt8, _ worker: ChildProcess) throws -> [[UInt8]] {
        while let message = try router.receive(timeoutMs: 10_000) {
            if message.count >= 3, message[2] == [command] { return message }
            guard message.count >= 3, message[2] == [0x05] else {
                throw StackError("unexpected message \(message) while waiting for command \(command)")
            }
        }
        throw StackError("no command \(command) from reckon-calc\n\(worker.output)")
    }
}
