/// A run that could not be carried out: a stack that did not come up, a stalled load, a lost worker.
struct BenchError: Error, Sendable, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
