import Ledger
import Wire

extension LedgerError: WireErrorConvertible {
    /// Every ledger-domain error is a bad argument: `invalid_argument` naming the field at fault.
    public var wireError: WireError {
        WireError(.invalidArgument, message, field: field.isEmpty ? nil : field)
    }
}
