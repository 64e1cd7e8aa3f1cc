import Testing
import ZeroMQ

@Suite struct ZMQSignalPollerTests {
    @Test func signalsOnlyTheSocketLibzmqHasNewsFor() throws {
        try withQuietAndBusy("signal") { quiet, busy, push in
            var poller = ZMQSignalPoller()
            let quietIndex = try poller.add(quiet)
            let busyIndex = try poller.add(busy)
            // Connecting is news too; reading until would-block takes it in.
            #expect(try busy.receive(dontWait: true) == nil)
            #expect(try quiet.receive(dontWait: true) == nil)
            #expect(try poller.poll(timeout: .zero) == 0)

            try push.send([bytes("x")])
            #expect(try poller.poll(timeout: deliveryTimeout) == 1)
            #expect(poller.isSignalled(busyIndex))
            #expect(!poller.isSignalled(quietIndex))
            #expect(try busy.receive(dontWait: true) == [bytes("x")])
            #expect(try busy.receive(dontWait: true) == nil)
            #expect(try poller.poll(timeout: .zero) == 0)
        }
    }

    @Test func aSocketReadOnceIsNotSignalledForWhatRemains() throws {
        // The contract the loops rely on: a signal is news, taken in by any call, so a socket must be read until it
        // would block before the poller can be trusted about it again.
        try withQuietAndBusy("signal-remains") { _, pull, push in
            #expect(try pull.receive(dontWait: true) == nil)

            var poller = ZMQSignalPoller()
            let index = try poller.add(pull)
            try push.send([bytes("first")])
            try push.send([bytes("second")])
            #expect(try poller.poll(timeout: deliveryTimeout) == 1)
            #expect(try pull.receive(dontWait: true) == [bytes("first")])
            #expect(try poller.poll(timeout: .zero) == 0)
            #expect(!poller.isSignalled(index))
            #expect(try pull.receive(dontWait: true) == [bytes("second")])
        }
    }

    @Test func wakesOnAPipeAndTimesOut() throws {
        let pipe = try WakeupPipe()
        var poller = ZMQSignalPoller()
        let index = poller.add(fileDescriptor: pipe.readDescriptor)
        let start = ContinuousClock.now
        #expect(try poller.poll(timeout: .milliseconds(30)) == 0)
        #expect(ContinuousClock.now - start >= .milliseconds(29))
        pipe.signal()
        #expect(try poller.poll(timeout: deliveryTimeout) == 1)
        #expect(poller.isSignalled(index))
        pipe.drain()
        #expect(try poller.poll(timeout: .zero) == 0)
    }
}
