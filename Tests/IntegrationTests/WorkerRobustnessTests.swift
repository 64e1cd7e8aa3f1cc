import Foundation
import Majordomo
import Testing
import Wire
import ZeroMQ

/// A real `reckon-calc` against a broker played by the test: garbage from the "gateway" is dropped and the worker
/// keeps serving.
@Suite struct WorkerRobustnessTests {
    @Test func workerSurvivesGarbageFromTheGateway() async throws {
        let reply = try await onThread { () -> [[UInt8]]? in
            let (router, endpoint) = try FreePorts.bound { try RawPeer(.router, bind: $0) }
            let worker = try ChildProcess("reckon-calc", ["--gateway", endpoint, "--slots", "1"])
            defer { worker.kill(SIGKILL) }
            // READY with Reckon's capacity frame: one slot.
            guard let ready = try router.receive(timeoutMs: 10_000), ready.count == 5, ready[2] == [0x01],
                ready[4] == bytes("1")
            else {
                throw StackError("no READY from reckon-calc\n\(worker.output)")
            }
            let identity = ready[0]
            let garbage: [[[UInt8]]] = [
                [[0xFF, 0x00]], [bytes("MDPW02")], [bytes("MDPW02"), [0x09]], [bytes("MDPW02"), [0x02]],
                [bytes("MDPW02"), [0x02], bytes("addr")],
                [bytes("MDPW02"), [0x02], bytes("addr"), bytes("no-delimiter")],
                [bytes("MDPW02"), [0x02], bytes("addr"), [], bytes("not json")],
            ]
            for message in garbage { try router.send([identity] + message) }
            let request = bytes(#"{"op":"convert","id":"after-garbage","args":{"value":"1","from":"km","to":"m"}}"#)
            try router.send([identity, bytes("MDPW02"), [0x02], bytes("real"), [], request])
            while let message = try router.receive(timeoutMs: 10_000) {
                if message.count >= 6, message[2] == [0x04], message[3] == bytes("real") { return message }
            }
            return nil
        }
        let frames = try #require(reply)
        let body = try JSONValue(parsing: frames[5])
        #expect(body["id"] == "after-garbage")
        #expect(body["result"]?["value"] == "1000")
    }

    /// A plain-text worker meeting a CURVE gateway fails the handshake with a protocol error, after which libzmq drops
    /// the connection for good and a blocking send would hold the slot forever; SIGTERM must still stop the worker.
    @Test func workerStopsOnSigtermWhenItsHandshakeFails() async throws {
        let context = try ZMQContext()
        let gateway = try ZMQSocket(context: context, type: .router)
        defer { gateway.close() }
        try gateway.makeCurveServer(secretKey: try CurveKeyPair.generate().secretKey)
        let ((), endpoint) = try FreePorts.bound { try gateway.bind($0) }
        let worker = try ChildProcess("reckon-calc", ["--gateway", endpoint, "--slots", "1", "--heartbeat-ms", "100"])
        defer { worker.kill(SIGKILL) }
        // Once it logs that it is starting it traps SIGTERM (a SIGTERM before that, on a busy machine, ended it with the
        // signal). READY goes out, the handshake fails, and the heartbeats of the next second find no connection.
        try await worker.waitForOutput("worker starting", timeout: .seconds(60))
        try await Task.sleep(for: .seconds(1))
        worker.kill(SIGTERM)
        #expect(await worker.waitForExit(timeout: .seconds(60)) == 0, "\(worker.output)")
        withExtendedLifetime(context) {}
    }
}
