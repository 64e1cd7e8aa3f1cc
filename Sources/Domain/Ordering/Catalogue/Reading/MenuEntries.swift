/// An id or other reference as written, with its path, for the cross-checks.
struct Reference {
    let path: String
    let id: String
}

/// An item as read: what the cross-checks need even when other fields are bad, and the item when all are good.
struct ItemEntry {
    let path: String
    let id: Reference?
    let kind: MenuItem.Kind?
    let price: Int64?
    let item: MenuItem?
}

/// A group as read.
struct GroupEntry {
    let id: Reference?
    let items: [Reference]
    let group: MenuGroup?
}

/// A sale as read; `bundleItems` and `pricePath` are empty for announcements.
struct SaleEntry {
    let id: Reference?
    let bundleItems: [(reference: Reference, quantity: Int?)]
    let pricePath: String
    let price: Int64?
    let sale: Sale?
}

/// A voucher as read; `code` is normalized.
struct VoucherEntry {
    let code: Reference?
    let groups: [Reference]
    let items: [Reference]
    let voucher: Voucher?
}
