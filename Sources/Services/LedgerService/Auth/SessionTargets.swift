import Storage

/// What a request's decoded args tell the session check to read with the session, in the same statement
/// (``SessionStore/signedIn(_:probe:in:)``): the caller's membership of the household the op acts in and, for a new
/// bill, that household's rounding residues. An op's `Args` conform beside the registration of its feature's ops;
/// `SessionTargetTests` checks every op's against its schema.

/// Args that may name the household the op acts in.
protocol NamesHousehold: Sendable {
    /// The household, when the args name one.
    var namedHousehold: String? { get }
}

/// Args that always name the household the op acts in, as `householdId`.
protocol InHousehold: NamesHousehold {
    var householdId: String { get }
}

extension InHousehold {
    var namedHousehold: String? { householdId }
}

/// Args that name one live entry, a bill or a payment, whose household the op acts in.
protocol NamesEntry: Sendable {
    /// The entry's table and id.
    var namedEntry: (table: SQL, id: String) { get }
}

/// Args of a new bill, which is rounded against the household's residues in its currency.
protocol RoundsResidues: NamesHousehold {
    /// The bill's currency code as given (in any case), or nil for the household's own.
    var residueCurrency: String? { get }
}
