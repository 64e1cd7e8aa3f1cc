import Storage
import Wire

extension StoreError: WireErrorConvertible {
    /// `not_found`, `conflict` for a stale version, `already_exists`, or `failed_precondition` for a row in the
    /// wrong state; the message and field as the store gave them.
    public var wireError: WireError {
        let wireCode: WireError.Code =
            switch code {
            case .notFound: .notFound
            case .staleVersion: .conflict
            case .alreadyExists: .alreadyExists
            default: .failedPrecondition
            }
        return WireError(wireCode, message, field: field)
    }
}
