import Ordering
import Wire

extension OrderingError: WireErrorConvertible {
    /// A cart that cannot be priced: `failed_precondition` when only stock stands in the way (sold out, not enough
    /// left), else `invalid_argument`. Every problem is a detail with its own code (`insufficient_stock`,
    /// `unknown_item`, ...); `field` is the first problem's argument (`itemId`, `saleId` or `quantity`), and detail
    /// fields name cart lines (`lines[2].itemId`).
    public var wireError: WireError {
        let details = problems.map {
            WireError.Detail(field: $0.field, code: WireError.Code(rawValue: $0.code.rawValue), message: $0.message)
        }
        let stockOnly = !problems.isEmpty && problems.allSatisfy { [.soldOut, .insufficientStock].contains($0.code) }
        let field = problems.first.map { String($0.field.split(separator: ".").last ?? "") }
        return WireError(
            stockOnly ? .failedPrecondition : .invalidArgument,
            problems.map(\.message).joined(separator: "; "),
            field: field,
            details: details
        )
    }
}
