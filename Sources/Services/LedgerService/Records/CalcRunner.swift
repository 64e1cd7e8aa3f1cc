import CalcAPI
import Wire

/// calc's ops as saved calculations run them: a record's result is computed by calc (``CalcCalls``), never taken
/// from the client, with a tax op's situation filled from the caller's profile.
struct CalcRunner: Sendable {
    /// Where calc runs; `nil` when this worker was given none.
    let calc: (any CalcCalls)?

    /// The longest a calculation may take, within what is left of the op's own deadline.
    let timeout: Duration

    /// The result of calc's `op` on `args`, with a tax op's situation filled from `profile` where `args` leaves it
    /// out, within `deadline`.
    /// - Throws: `invalid_argument` (field `op`) for an op calc does not have; `unavailable` when this worker has no
    ///   calc; calc's own error otherwise, its field prefixed `args.`.
    func run(
        _ op: String,
        args: JSONValue,
        profile: TaxProfile,
        deadline: ContinuousClock.Instant
    ) async throws -> JSONValue {
        guard let calc else {
            throw WireError(.unavailable, "saved calculations need calc: start reckon-ledger with --calc-via")
        }
        let given =
            TaxProfileDefaults.ops.contains(op) && TaxProfileDefaults.needsProfile(args)
            ? TaxProfileDefaults.apply(profile, to: args) : args
        do {
            return try await calc.call(op, args: given, timeout: min(timeout, deadline - .now))
        } catch let error as WireError where error.code == .unknownOp {
            throw WireError(.invalidArgument, "calc has no op \(op)", field: "op")
        } catch var error as WireError {
            error.field = error.field.map { "args." + $0 }
            throw error
        }
    }
}
