import Foundation
import Money

extension VoucherEngine {
    /// Why the voucher is not live now: outside its window or out of uses; `nil` when live.
    func stateRefusal(of voucher: Voucher, now: Date, usage: VoucherUsage) -> VoucherRefusal? {
        if let startsAt = voucher.startsAt, now < startsAt {
            return VoucherRefusal(.notStarted, "\(voucher.code) can be used from \(startsAt.formatted(.iso8601))")
        }
        if let endsAt = voucher.endsAt, now >= endsAt {
            return VoucherRefusal(.expired, "\(voucher.code) expired at \(endsAt.formatted(.iso8601))")
        }
        if let limit = voucher.usageLimit, usage.total >= limit {
            return VoucherRefusal(.usageLimitReached, "\(voucher.code) has been used the most times it can be")
        }
        if let limit = voucher.perCustomerLimit, let used = usage.byThisCustomer, used >= limit {
            return VoucherRefusal(.usageLimitReached, "you have used \(voucher.code) the most times you can")
        }
        return nil
    }

    /// Why the voucher does not fit this cart: nothing or too little in scope, or too small a total.
    func cartRefusal(of voucher: Voucher, cart: PricedCart, scope: [Int]) -> VoucherRefusal? {
        let lines = cart.lines
        guard !scope.isEmpty else {
            return VoucherRefusal(.notApplicable, "no line in the cart is covered by \(voucher.code)")
        }
        let units = scope.reduce(0) { $0 + lines[$1].units }
        if let minimum = voucher.minQuantity, units < minimum {
            return VoucherRefusal(
                .notApplicable,
                "\(voucher.code) needs at least \(minimum) covered units, the cart has \(units)"
            )
        }
        if let minimum = voucher.minSpend, cart.total < minimum {
            let digits = catalogue.restaurant.minorDigits
            return VoucherRefusal(
                .minSpend,
                "spend \(MinorUnits.format(minimum - cart.total, digits: digits)) more to use \(voucher.code) "
                    + "(minimum \(MinorUnits.format(minimum, digits: digits)))",
                shortfall: minimum - cart.total
            )
        }
        return nil
    }

    /// The indices into `lines` of the lines the voucher covers.
    func scope(of voucher: Voucher, in lines: [PricedLine]) -> [Int] {
        let covered: Set<String>
        switch voucher.scope {
        case .order: return Array(lines.indices)
        case .items(let ids): covered = Set(ids)
        case .groups(let ids): covered = Set(ids.flatMap { catalogue.group(id: $0)?.itemIDs ?? [] })
        }
        return lines.indices.filter { lines[$0].kind != .bundle && covered.contains(lines[$0].id) }
    }
}
