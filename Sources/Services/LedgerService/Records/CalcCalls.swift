import Wire

/// Where the ledger runs calc's ops for saved calculations: on the calc workers through the gateways
/// (`reckon-ledger --calc-via`), or calc in the same process. The ledger never links calc itself.
public protocol CalcCalls: Sendable {
    /// calc's op `op` on `args`, given at most `timeout`.
    /// - Throws: ``WireError`` as calc answers it (`unknown_op` for an op it does not have), or `unavailable` and
    ///   `deadline_exceeded` when calc cannot be reached in time.
    func call(_ op: String, args: JSONValue, timeout: Duration) async throws -> JSONValue
}
