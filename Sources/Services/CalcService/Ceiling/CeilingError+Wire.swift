import Ceiling
import Wire

extension CeilingError: WireErrorConvertible {
    /// Unknown nodes and products are `not_found`; bad inputs are `invalid_argument` with one detail per input
    /// (fields as argument paths, `inputs.drop_m`, codes such as `out_of_range`); a bad catalogue is `internal`.
    public var wireError: WireError {
        let path = field.map { code == .invalidInputs ? "inputs.\($0)" : $0 }
        switch code {
        case .notFound:
            return WireError(.notFound, message, field: path)
        case .invalidCatalogue:
            return WireError(.internal, message)
        default:
            let details = self.details.map {
                WireError.Detail(
                    field: "inputs.\($0.field)",
                    code: WireError.Code(rawValue: $0.code.rawValue),
                    message: $0.message
                )
            }
            return WireError(.invalidArgument, message, field: path, details: details.isEmpty ? nil : details)
        }
    }
}
