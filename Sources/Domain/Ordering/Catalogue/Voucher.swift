import Foundation

/// A voucher code and its rules, as the restaurant defined it in the menu file.
///
/// ``VoucherEngine`` applies vouchers to a priced cart and explains refusals.
public struct Voucher: Sendable, Hashable {
    /// How much a voucher takes off.
    public enum Value: Sendable, Hashable {
        /// A percentage in basis points (1250 = 12.5 %), from 1 to 10 000, of the amount in scope; the result is
        /// rounded half up to the minor unit.
        case percent(basisPoints: Int64)
        /// A fixed amount in minor units, at most the amount in scope.
        case fixed(Int64)
    }

    /// Which cart lines a voucher discounts.
    public enum Scope: Sendable, Hashable {
        /// Every line, items and bundles, after the other vouchers.
        case order
        /// The item lines whose item is in one of these groups.
        case groups([String])
        /// The item lines for these items.
        case items([String])
    }

    /// Who may learn about a voucher.
    public enum Visibility: String, Sendable, Hashable {
        /// Advertised by the restaurant: every refusal reason is told.
        case `public`
        /// Handed out privately: until the code is live, every refusal reads `not_found` (anti-enumeration).
        case `private`
    }

    /// The code, trimmed and upper case; customers may type it in any case.
    public let code: String
    /// How much it takes off.
    public let value: Value
    /// Which lines it discounts.
    public let scope: Scope
    /// The least cart total (after item and bundle discounts, before vouchers) in minor units.
    public let minSpend: Int64?
    /// The least number of units in scope (bundle lines count their items' units).
    public let minQuantity: Int?
    /// The first instant it can be used (inclusive).
    public let startsAt: Date?
    /// The instant it stops working (exclusive): at `endsAt` it is expired.
    public let endsAt: Date?
    /// The most a percent voucher takes off, in minor units.
    public let maxDiscount: Int64?
    /// How many times it may be used in all.
    public let usageLimit: Int?
    /// How many times one customer may use it.
    public let perCustomerLimit: Int?
    /// Whether it can be combined with other stackable vouchers.
    public let stackable: Bool
    /// Whether its refusal reasons are told before it is proven live.
    public let visibility: Visibility

    /// Trims whitespace and upper-cases a code as customers type it: `" welcome10 "` → `"WELCOME10"`.
    public static func normalize(_ code: String) -> String {
        code.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
    }
}
