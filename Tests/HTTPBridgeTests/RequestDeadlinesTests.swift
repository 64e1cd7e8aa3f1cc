import Testing

@testable import HTTPBridge

/// The phases and deadlines a connection's requests and responses give it, pipelined or not.
@Suite struct RequestDeadlinesTests {
    let limits = RequestDeadlines.Limits(idle: .seconds(30), head: .seconds(10), body: .seconds(20))
    let start = ContinuousClock.now

    /// `seconds` after the test's start.
    func at(_ seconds: Int) -> ContinuousClock.Instant { start + .seconds(seconds) }

    @Test func oneRequestAtATimeGoesThroughEveryPhase() {
        var deadlines = RequestDeadlines(limits: limits, now: at(0))
        #expect(deadlines.phase == .waiting && deadlines.deadline == at(30))
        let moved = deadlines.bytesArrived(now: at(1))
        #expect(moved)
        #expect(deadlines.phase == .readingHead && deadlines.deadline == at(11))
        let movedAgain = deadlines.bytesArrived(now: at(2))
        #expect(!movedAgain)
        deadlines.headRead(now: at(3))
        #expect(deadlines.phase == .readingBody && deadlines.deadline == at(23))
        deadlines.requestRead(now: at(4))
        #expect(deadlines.phase == .answering && deadlines.deadline == nil)
        deadlines.responseEnded(now: at(100))
        #expect(deadlines.phase == .waiting && deadlines.deadline == at(130))
    }

    /// Two requests in one segment: the first one's answer leaves the second in hand, so nothing is due until it too
    /// is answered (a long call behind a short one is not cut at the idle deadline).
    @Test func aRequestPipelinedBehindAnotherIsAnsweredWithNothingDue() {
        var deadlines = RequestDeadlines(limits: limits, now: at(0))
        _ = deadlines.bytesArrived(now: at(1))
        for _ in 0..<2 {
            deadlines.headRead(now: at(1))
            deadlines.requestRead(now: at(1))
        }
        deadlines.responseEnded(now: at(2))
        #expect(deadlines.phase == .answering && deadlines.deadline == nil)
        deadlines.responseEnded(now: at(200))
        #expect(deadlines.phase == .waiting && deadlines.deadline == at(230))
    }

    /// A head read while a call is out is timed from that call's answer, not from its bytes.
    @Test func aRequestReadDuringACallIsTimedFromTheAnswer() {
        var deadlines = RequestDeadlines(limits: limits, now: at(0))
        _ = deadlines.bytesArrived(now: at(1))
        deadlines.headRead(now: at(1))
        deadlines.requestRead(now: at(1))
        let moved = deadlines.bytesArrived(now: at(2))
        #expect(!moved && deadlines.phase == .answering)
        deadlines.headRead(now: at(3))
        #expect(deadlines.deadline == nil)
        deadlines.responseEnded(now: at(60))
        #expect(deadlines.phase == .readingBody && deadlines.deadline == at(80))
        deadlines.requestRead(now: at(61))
        #expect(deadlines.phase == .answering)
    }

    /// An answer before the request's end (a 413 while the body still comes) is not taken for the next request's.
    @Test func aRequestAnsweredBeforeItsEndIsNotCountedTwice() {
        var deadlines = RequestDeadlines(limits: limits, now: at(0))
        _ = deadlines.bytesArrived(now: at(1))
        deadlines.headRead(now: at(1))
        deadlines.responseEnded(now: at(2))
        #expect(deadlines.phase == .readingBody && deadlines.deadline == at(22))
        deadlines.requestRead(now: at(3))
        #expect(deadlines.phase == .waiting && deadlines.deadline == at(33))
        _ = deadlines.bytesArrived(now: at(4))
        deadlines.headRead(now: at(4))
        deadlines.requestRead(now: at(4))
        #expect(deadlines.phase == .answering)
        deadlines.responseEnded(now: at(5))
        #expect(deadlines.phase == .waiting)
    }
}
