/// A run that could not be carried out: a stack that did not come up, a stalled load, a lost worker.
struct BenchError: Error, Sendable, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

extension BenchError {
    /// Fails a run that counted any error or wrong answer: its figures are printed, so the reason shows, but they
    /// are of something other than the answer asked for, and the command exits non-zero.
    static func failUnlessExpected(_ runs: [LoadResult]) throws {
        let unexpected = runs.reduce(0) { $0 + $1.errors + $1.malformed }
        guard unexpected == 0 else {
            throw BenchError("\(unexpected) replies were not the expected answer, so these figures are no result")
        }
    }
}
