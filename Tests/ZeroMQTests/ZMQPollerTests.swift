import Testing
import ZeroMQ

@Suite struct ZMQPollerTests {
    @Test func wakeupPipeWakesAPollBlockedOnAnotherThread() async throws {
        let context = try ZMQContext()
        let pipe = try WakeupPipe()
        async let woken: Void = DedicatedThread.run(name: "poller-test") {
            let socket = try ZMQSocket(context: context, type: .pull)
            defer { socket.close() }
            try socket.bind("inproc://poll-wakeup")
            var poller = ZMQPoller()
            let socketIndex = poller.add(socket)
            let pipeIndex = poller.add(fileDescriptor: pipe.readDescriptor)
            let ready = try poller.poll(timeout: deliveryTimeout)
            #expect(ready == 1)
            #expect(poller.isReadable(pipeIndex))
            #expect(!poller.isReadable(socketIndex))
        }
        try await Task.sleep(for: .milliseconds(20))
        pipe.signal()
        try await woken
        withExtendedLifetime(context) {}
    }

    @Test func reportsWhichSocketIsReadable() throws {
        try withQuietAndBusy("poller") { quiet, busy, push in
            let pipe = try WakeupPipe()
            var poller = ZMQPoller()
            let quietIndex = poller.add(quiet)
            let pipeIndex = poller.add(fileDescriptor: pipe.readDescriptor)
            let busyIndex = poller.add(busy)
            #expect(try poller.poll(timeoutMilliseconds: 0) == 0)

            try push.send([bytes("x")])
            #expect(try poller.poll(timeout: deliveryTimeout) == 1)
            #expect(poller.isReadable(busyIndex))
            #expect(!poller.isReadable(quietIndex))
            #expect(!poller.isReadable(pipeIndex))
            #expect(try busy.receive(dontWait: true) == [bytes("x")])
            #expect(try poller.poll(timeoutMilliseconds: 0) == 0)
            #expect(!poller.isReadable(busyIndex))
        }
    }

    @Test func drainEmptiesThePipe() throws {
        let pipe = try WakeupPipe()
        var poller = ZMQPoller()
        let index = poller.add(fileDescriptor: pipe.readDescriptor)
        #expect(try poller.poll(timeout: .zero) == 0)
        pipe.signal()
        pipe.signal()
        pipe.signal()
        #expect(try poller.poll(timeout: .zero) == 1)
        #expect(poller.isReadable(index))
        pipe.drain()
        #expect(try poller.poll(timeout: .zero) == 0)
        #expect(!poller.isReadable(index))
    }

    @Test func signalNeverBlocksOnAFullPipe() throws {
        let pipe = try WakeupPipe()
        for _ in 0..<100_000 { pipe.signal() }  // more than a Linux pipe holds
        var poller = ZMQPoller()
        poller.add(fileDescriptor: pipe.readDescriptor)
        #expect(try poller.poll(timeout: .zero) == 1)
        pipe.drain()
        #expect(try poller.poll(timeout: .zero) == 0)
    }

    @Test func pollTimesOutAfterTheTimeout() throws {
        let pipe = try WakeupPipe()
        var poller = ZMQPoller()
        poller.add(fileDescriptor: pipe.readDescriptor)
        let start = ContinuousClock.now
        #expect(try poller.poll(timeout: .milliseconds(30)) == 0)
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(29))
        #expect(elapsed < deliveryTimeout)
    }

    @Test func subMillisecondTimeoutsRoundUpNotDown() throws {
        // 0.2 ms must wait (rounded up to 1 ms), not turn into a busy 0 ms check... or into "forever".
        let pipe = try WakeupPipe()
        var poller = ZMQPoller()
        poller.add(fileDescriptor: pipe.readDescriptor)
        let start = ContinuousClock.now
        #expect(try poller.poll(timeout: .microseconds(200)) == 0)
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .microseconds(200))
        #expect(elapsed < .seconds(1))
        #expect(try poller.poll(timeout: .milliseconds(-5)) == 0)
    }
}
