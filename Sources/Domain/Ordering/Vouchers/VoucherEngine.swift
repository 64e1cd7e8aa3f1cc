import Foundation

/// Applies several voucher codes to a priced cart in one checkout, and says why each refused code was refused.
///
/// **Checks**, per code in request order: the code is trimmed and upper-cased, then looked up (`not_found`); its
/// window is checked, `startsAt` inclusive and `endsAt` exclusive (`not_started`, `expired`); its uses
/// (`usage_limit_reached`, in all or, when the customer is known, by this customer); a line in scope and
/// ``Voucher/minQuantity`` units in scope (`not_applicable`, the message says which); ``Voucher/minSpend`` against
/// the cart total after item and bundle discounts (`min_spend` with the shortfall); and finally stacking.
///
/// **Anti-enumeration.** A code not yet proven usable only ever answers `not_found`: for a
/// ``Voucher/Visibility/private`` voucher the state-based reasons (`expired`, `not_started`,
/// `usage_limit_reached`) are reported as `not_found`, with the same message as an unknown code, so guessing codes
/// learns nothing. Only once the code is live (it exists, is inside its window and has uses left) are the
/// cart-dependent reasons (`not_applicable`, `min_spend`, `not_stackable`) told. ``Voucher/Visibility/public``
/// vouchers, which the restaurant advertises, report every reason as it is.
///
/// **Stacking**, walking the codes in request order: a voucher that is not stackable cannot join any voucher
/// already applied, and no voucher can join an applied non-stackable one; the refused one gets `not_stackable`.
/// A code given twice counts once: the repeat gets the first one's refusal, or `not_stackable` when the first
/// was applied.
///
/// **Amounts.** Applied item- and group-scoped vouchers go first, in request order, then order-scoped ones, in
/// request order. Each works on what the earlier ones left of each line, so a group voucher after an item voucher
/// sees the reduced line, and an order voucher sees all remaining line amounts, items and bundles. A percent is
/// computed on integers and rounded half up to the minor unit, then capped by ``Voucher/maxDiscount``; no voucher
/// takes more than what is left in its scope, so the total never drops below zero. A voucher's discount is spread
/// over its lines in proportion to what is left of each, by largest remainder (ties go to the earlier line, items
/// before bundles), so the per-line amounts add up exactly.
///
/// ```swift
/// let engine = VoucherEngine(catalogue: catalogue)
/// let quote = engine.apply(codes: ["welcome10"], to: cart, now: .now) { code in store.usage(of: code) }
/// ```
public struct VoucherEngine: Sendable {
    /// The menu whose vouchers and groups are used.
    public let catalogue: Catalogue

    /// Creates an engine for a menu's vouchers.
    public init(catalogue: Catalogue) {
        self.catalogue = catalogue
    }

    /// Applies voucher codes to a cart.
    /// - Parameters:
    ///   - codes: The codes as the customer typed them, in the order given.
    ///   - cart: The priced cart.
    ///   - now: The instant to check voucher windows against.
    ///   - usage: How often a voucher (by normalized code) has been used; asked only for existing codes.
    /// - Returns: The quote, with one outcome per code in request order.
    public func apply(
        codes: [String],
        to cart: PricedCart,
        now: Date,
        usage: (String) -> VoucherUsage
    ) -> Quote {
        let lines = cart.lines
        var decisions: [Decision] = []
        var firstIndex: [String: Int] = [:]
        for raw in codes {
            let code = Voucher.normalize(raw)
            if let first = firstIndex[code] {
                decisions.append(repeated(decisions[first], code: code))
                continue
            }
            firstIndex[code] = decisions.count
            let accepted = decisions.compactMap(\.accepted)
            decisions.append(decide(code, cart: cart, now: now, usage: usage, accepted: accepted))
        }
        var remaining = lines.map(\.total)
        var discounts: [Int: [Int64]] = [:]
        let scopedFirst = decisions.indices.sorted { (rank(decisions[$0]), $0) < (rank(decisions[$1]), $1) }
        for index in scopedFirst {
            guard let (voucher, scope) = decisions[index].accepted else { continue }
            let amounts = Discount.allocate(
                Discount.amount(of: voucher, on: scope.reduce(0) { $0 + remaining[$1] }),
                over: scope.map { remaining[$0] }
            )
            for (line, amount) in zip(scope, amounts) { remaining[line] -= amount }
            discounts[index] = amounts
        }
        let outcomes = decisions.enumerated().map { index, decision in
            outcome(decision, amounts: discounts[index] ?? [], lines: lines)
        }
        let voucherDiscount = outcomes.reduce(0) { $0 + $1.discount }
        return Quote(
            cart: cart,
            vouchers: outcomes,
            voucherDiscount: voucherDiscount,
            total: cart.total - voucherDiscount
        )
    }

    // MARK: - Deciding

    /// A code's fate before amounts: refused with a reason, or accepted with the indices of its lines.
    enum Decision {
        case refused(code: String, VoucherRefusal)
        case accepted(Voucher, scope: [Int])

        var accepted: (Voucher, [Int])? {
            if case .accepted(let voucher, let scope) = self { (voucher, scope) } else { nil }
        }
    }

    private func decide(
        _ code: String,
        cart: PricedCart,
        now: Date,
        usage: (String) -> VoucherUsage,
        accepted: [(Voucher, [Int])]
    ) -> Decision {
        let notFound = VoucherRefusal(.notFound, "no voucher has the code \"\(code)\"")
        guard !code.isEmpty, let voucher = catalogue.voucher(code: code) else { return .refused(code: code, notFound) }
        if let refusal = stateRefusal(of: voucher, now: now, usage: usage(code)) {
            return .refused(code: code, voucher.visibility == .public ? refusal : notFound)
        }
        let scope = scope(of: voucher, in: cart.lines)
        if let refusal = cartRefusal(of: voucher, cart: cart, scope: scope) { return .refused(code: code, refusal) }
        if let blocker = accepted.first(where: { !$0.0.stackable }) {
            let message = "cannot be combined with \(blocker.0.code), which is already applied"
            return .refused(code: code, VoucherRefusal(.notStackable, message))
        }
        if !voucher.stackable, let other = accepted.first {
            let message = "cannot be combined with other vouchers, and \(other.0.code) is already applied"
            return .refused(code: code, VoucherRefusal(.notStackable, message))
        }
        return .accepted(voucher, scope: scope)
    }

    private func repeated(_ first: Decision, code: String) -> Decision {
        switch first {
        case .refused: first
        case .accepted:
            .refused(code: code, VoucherRefusal(.notStackable, "\(code) is already applied; a code counts once"))
        }
    }

    /// Item- and group-scoped vouchers before order-scoped ones; refused codes anywhere.
    private func rank(_ decision: Decision) -> Int {
        decision.accepted?.0.scope == .order ? 1 : 0
    }

    private func outcome(_ decision: Decision, amounts: [Int64], lines: [PricedLine]) -> VoucherOutcome {
        switch decision {
        case .refused(let code, let refusal):
            return VoucherOutcome(code: code, applied: false, discount: 0, allocations: [], refusal: refusal)
        case .accepted(let voucher, let scope):
            let allocations = zip(scope, amounts).compactMap { line, amount in
                amount > 0
                    ? VoucherOutcome.Allocation(lineKind: lines[line].kind, lineID: lines[line].id, amount: amount)
                    : nil
            }
            return VoucherOutcome(
                code: voucher.code,
                applied: true,
                discount: amounts.reduce(0, +),
                allocations: allocations,
                refusal: nil
            )
        }
    }
}
