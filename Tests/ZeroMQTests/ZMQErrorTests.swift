import Testing
import ZeroMQ

@Suite struct ZMQErrorTests {
    @Test func predicatesMatchTheirErrno() {
        #expect(ZMQError(code: ZMQError.contextTerminated, function: "f").isContextTerminated)
        #expect(ZMQError(code: ZMQError.wouldBlock, function: "f").isWouldBlock)
        #expect(ZMQError(code: ZMQError.interrupted, function: "f").isInterrupted)
        #expect(ZMQError(code: ZMQError.hostUnreachable, function: "f").isHostUnreachable)
        let other = ZMQError(code: ZMQError.invalidArgument, function: "f")
        #expect(!other.isContextTerminated && !other.isWouldBlock && !other.isInterrupted && !other.isHostUnreachable)
    }

    @Test func describesTheFunctionAndTheCause() {
        let error = ZMQError(code: ZMQError.hostUnreachable, function: "zmq_send")
        #expect(error.message == "Host unreachable" || !error.message.isEmpty)
        #expect(error.description.hasPrefix("zmq_send failed: "))
        #expect(error.description.hasSuffix("(errno \(ZMQError.hostUnreachable))"))
        #expect(ZMQError(code: ZMQError.contextTerminated, function: "x").message == "Context was terminated")
    }
}
