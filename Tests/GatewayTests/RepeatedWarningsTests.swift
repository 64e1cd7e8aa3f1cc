import Testing

@testable import Gateway

/// A warning that keeps coming back is logged the first time, then at most once per interval with its count.
@Suite struct RepeatedWarningsTests {
    @Test func aRepeatedWarningIsLoggedOncePerIntervalWithItsCount() {
        var warnings = RepeatedWarnings(interval: .seconds(60))
        let start = ContinuousClock.now
        #expect(warnings.note("READY for ledger refused: worker K", now: start) == 1)
        for second in 1...299 {
            #expect(
                warnings.note("READY for ledger refused: worker K", now: start + .milliseconds(second * 100)) == nil
            )
        }
        #expect(warnings.note("READY for calc refused: worker J", now: start + .seconds(1)) == 1, "another warning")
        #expect(warnings.note("READY for ledger refused: worker K", now: start + .seconds(60)) == 300)
        #expect(warnings.note("READY for ledger refused: worker K", now: start + .seconds(61)) == nil)
    }

    @Test func pastItsCapacityItForgetsWarningsWhoseIntervalPassed() {
        var warnings = RepeatedWarnings(interval: .seconds(60), capacity: 2)
        let start = ContinuousClock.now
        #expect(warnings.note("a", now: start) == 1)
        #expect(warnings.note("b", now: start) == 1)
        #expect(warnings.note("c", now: start + .seconds(61)) == 1)
        #expect(warnings.note("a", now: start + .seconds(62)) == 1)
    }
}
