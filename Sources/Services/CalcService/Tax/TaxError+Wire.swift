import Tax
import Wire

/// Every tax input error is a bad argument on the wire, with the field it names.
extension TaxError: WireErrorConvertible {
    public var wireError: WireError {
        WireError(.invalidArgument, message, field: field)
    }
}
