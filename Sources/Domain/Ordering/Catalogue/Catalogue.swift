/// A restaurant's validated menu: items, groups, sales and vouchers.
///
/// A catalogue is only ever made by loading a menu file that passes every check (see ``load(contentsOf:)``), so
/// every reference in it resolves: group items exist and are not special, bundles hold only special items, every
/// special item is in a bundle, and voucher scopes name existing groups and non-special items.
///
/// The file lists items once at the top level; groups and bundles refer to them by id. Groups hold regular and
/// discount items in display order; special items are listed only under their bundle sales.
///
/// ```swift
/// let catalogue = try Catalogue.bundled()
/// let cart = try catalogue.price([.item(id: "poutine", quantity: 2), .bundle(saleID: "date-night", quantity: 1)])
/// ```
public struct Catalogue: Sendable {
    /// The restaurant and its currency.
    public let restaurant: Restaurant
    /// Every item, in file order.
    public let items: [MenuItem]
    /// The menu sections, in file order.
    public let groups: [MenuGroup]
    /// Announcements and bundles, in file order.
    public let sales: [Sale]
    /// Every voucher, in file order.
    public let vouchers: [Voucher]

    private let itemIndex: [String: Int]
    private let saleIndex: [String: Int]
    private let groupIndex: [String: Int]
    private let voucherIndex: [String: Int]

    init(restaurant: Restaurant, items: [MenuItem], groups: [MenuGroup], sales: [Sale], vouchers: [Voucher]) {
        self.restaurant = restaurant
        self.items = items
        self.groups = groups
        self.sales = sales
        self.vouchers = vouchers
        itemIndex = Self.index(items.map(\.id))
        saleIndex = Self.index(sales.map(\.id))
        groupIndex = Self.index(groups.map(\.id))
        voucherIndex = Self.index(vouchers.map(\.code))
    }

    // MARK: - Lookup

    /// The item with this id, if any.
    public func item(id: String) -> MenuItem? {
        itemIndex[id].map { items[$0] }
    }

    /// The sale with this id, if any.
    public func sale(id: String) -> Sale? {
        saleIndex[id].map { sales[$0] }
    }

    /// The group with this id, if any.
    public func group(id: String) -> MenuGroup? {
        groupIndex[id].map { groups[$0] }
    }

    /// The voucher with this code in any case and with surrounding spaces, if any.
    public func voucher(code: String) -> Voucher? {
        voucherIndex[Voucher.normalize(code)].map { vouchers[$0] }
    }

    private static func index(_ keys: [String]) -> [String: Int] {
        Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
