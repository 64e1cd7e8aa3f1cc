import Foundation
import Ordering

/// What one voucher code must come to.
enum Expect: Sendable, Hashable, CustomStringConvertible {
    case applied(Int64)
    case refused(VoucherRefusal.Code)

    init(_ outcome: VoucherOutcome) {
        self = outcome.refusal.map { .refused($0.code) } ?? .applied(outcome.discount)
    }

    var description: String {
        switch self {
        case .applied(let amount): "applied \(amount)"
        case .refused(let code): "refused \(code)"
        }
    }
}

extension Menus {
    /// Burger ×2 (20.00), salmon (20.00), wings (9.00 after its discount), cola (3.00): 52.00.
    static let cartA: [CartLine] = [
        .item(id: "burger", quantity: 2), .item(id: "salmon", quantity: 1), .item(id: "wings", quantity: 1),
        .item(id: "cola", quantity: 1),
    ]

    /// Prices `lines` in the test shop and applies `codes`.
    static func quote(
        _ lines: [CartLine],
        _ codes: [String],
        now: Date = june,
        usage: [String: VoucherUsage] = [:]
    ) throws -> Quote {
        let cart = try shop.price(lines)
        return VoucherEngine(catalogue: shop).apply(codes: codes, to: cart, now: now) { usage[$0] ?? .none }
    }
}
