/// A debt before simplification: `from` owes `to` `amount` minor units; the same shape as the ``Transfer`` that would
/// settle it.
public typealias Debt = Transfer
