/// An error from the ledger domain: a bill that cannot be split, an entry that does not add up, a bad date or
/// recurrence rule.
///
/// ``field`` is the JSON path of the faulty argument, so a form can point at it: `amount`, `payers`,
/// `payers.u2`, `split.amounts.u2`, `split.items[1].among[0]`, `date`. The first fault found is reported.
public struct LedgerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of fault it is.
    public var code: Code
    /// What is wrong, for a person, e.g. "the exact amounts add up to 84.29, 0.01 short of the bill's 84.30".
    public var message: String
    /// Where the fault is, as a JSON path into the arguments.
    public var field: String

    /// Creates an error.
    public init(_ code: Code, _ message: String, field: String) {
        self.code = code
        self.message = message
        self.field = field
    }

    /// `field: message`.
    public var description: String { "\(field): \(message)" }
}
