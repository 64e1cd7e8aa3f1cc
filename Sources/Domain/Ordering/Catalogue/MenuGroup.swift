/// A section of the menu ("Mains", "Drinks") listing regular and discount items by id, in display order.
///
/// Special items belong to no group: they are shown and sold through their bundle sales.
public struct MenuGroup: Sendable, Hashable, Identifiable {
    /// The id vouchers use to target the group, unique among groups.
    public let id: String
    /// The section title.
    public let name: String
    /// The ids of the group's items, in display order.
    public let itemIDs: [String]
}
