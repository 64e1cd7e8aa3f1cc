import Synchronization
import Wire
import WorkerRuntime

/// One reference rate ``Valuation`` asks calc for: from `from` to `to`, on `date` (ISO 8601).
struct RatePair: Hashable, Sendable {
    let from: String
    let to: String
    let date: String
}

/// The reference rates one request was answered by calc before its write's transaction opened
/// (``RatesFetchedFirst``): ``Valuation`` reads them here instead of calling calc inside the transaction.
final class RateQuotes: Sendable {
    /// The request's rates, while a ``RatesFetchedFirst`` runs its op; `nil` elsewhere (calc is then called).
    @TaskLocal static var current: RateQuotes?

    /// Rates the request has not been answered yet: thrown before anything is written, so that the op can be run
    /// again once calc has answered with no transaction open.
    struct Missing: Error {
        let pairs: [RatePair]
    }

    private let answers = Mutex<[RatePair: Result<JSONValue, any Error>]>([:])

    /// calc's answer for `pair`, or the error it failed with.
    /// - Throws: ``Missing`` when calc has not been asked yet.
    func answer(_ pair: RatePair) throws -> Result<JSONValue, any Error> {
        guard let known = answers.withLock({ $0[pair] }) else { throw Missing(pairs: [pair]) }
        return known
    }

    /// Asks for every rate of `pairs` at once, for an op that values many entries (`import.start`): those not
    /// answered yet end the attempt together, so the op runs once more, not once a rate.
    /// - Throws: ``Missing`` with the pairs not answered yet.
    func require(_ pairs: Set<RatePair>) throws {
        let missing = answers.withLock { answers in pairs.filter { answers[$0] == nil } }
        guard missing.isEmpty else {
            throw Missing(pairs: missing.sorted { ($0.from, $0.to, $0.date) < ($1.from, $1.to, $1.date) })
        }
    }

    /// Keeps calc's `answer` for `pair`; false when one was kept already.
    func keep(_ answer: Result<JSONValue, any Error>, for pair: RatePair) -> Bool {
        answers.withLock { answers in
            guard answers[pair] == nil else { return false }
            answers[pair] = answer
            return true
        }
    }
}

/// Keeps a write's calls for reference rates out of its transaction, where on SQLite they would hold every writer
/// of the database. In front of the op's scope it binds a ``RateQuotes`` for the request; an attempt that needs a
/// rate not yet asked ends before it writes (``RateQuotes/Missing``), calc is asked with no transaction open, and
/// the op runs again from the start (its session and idempotency key read again), now with the rate: one more read
/// for an op that values an entry (`bills.add`, `payments.record`, their edits, `shopping.bought`), and one in all
/// for `import.start`, which asks for all its rates at once (``RateQuotes/require(_:)``).
struct RatesFetchedFirst: OpMiddleware {
    let valuation: Valuation

    func handle(_ request: OpRequest, next: OpNext) async throws -> OpResponse {
        let quotes = RateQuotes()
        return try await RateQuotes.$current.withValue(quotes) {
            while true {
                do {
                    return try await next(request)
                } catch let missing as RateQuotes.Missing {
                    var kept = false
                    for pair in missing.pairs where quotes.keep(await valuation.ask(pair), for: pair) { kept = true }
                    guard kept else { throw WireError(.internal, "an op asked again for rates it was answered") }
                }
            }
        }
    }
}
