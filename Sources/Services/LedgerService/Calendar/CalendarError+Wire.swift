import Ledger
import Wire

extension CalendarError: WireErrorConvertible {
    /// Every calendar fault is a bad argument: `invalid_argument` naming the field at fault.
    public var wireError: WireError {
        WireError(.invalidArgument, message, field: field)
    }
}
