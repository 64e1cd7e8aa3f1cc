import CZeroMQ
import Testing
import ZeroMQ

@Suite struct ZMQErrorTests {
    @Test func predicatesMatchTheirErrno() {
        #expect(ZMQError(code: ETERM, function: "f").isContextTerminated)
        #expect(ZMQError(code: EAGAIN, function: "f").isWouldBlock)
        #expect(ZMQError(code: EINTR, function: "f").isInterrupted)
        #expect(ZMQError(code: EHOSTUNREACH, function: "f").isHostUnreachable)
        let other = ZMQError(code: EINVAL, function: "f")
        #expect(!other.isContextTerminated && !other.isWouldBlock && !other.isInterrupted && !other.isHostUnreachable)
    }

    @Test func describesTheFunctionAndTheCause() {
        let error = ZMQError(code: EHOSTUNREACH, function: "zmq_send")
        #expect(error.message == "Host unreachable" || !error.message.isEmpty)
        #expect(error.description.hasPrefix("zmq_send failed: "))
        #expect(error.description.hasSuffix("(errno \(EHOSTUNREACH))"))
        #expect(ZMQError(code: ETERM, function: "x").message == "Context was terminated")
    }
}
