/// One entry of the product tree as a menu shows it.
public struct CeilingMenuEntry: Sendable, Hashable {
    /// The node's id, used to walk further or to ask for a product's inputs.
    public var id: String
    /// The title, e.g. `KWIKLOC Regal` or `1200 X 600`.
    public var title: String
    /// The subtitle, e.g. `24mm Alum. T-bar`, when there is one.
    public var subtitle: String?
    /// Whether this is a product (it has inputs and estimates) rather than a menu.
    public var isLeaf: Bool
}

/// A menu: the node asked for, the way to it from the root, and its children.
public struct CeilingMenu: Sendable, Hashable {
    /// The node asked for (the root when none was named).
    public var node: CeilingMenuEntry
    /// The nodes from the root's first child down to this node (empty for the root).
    public var path: [CeilingMenuEntry]
    /// The node's children in catalogue order; empty for a product.
    public var children: [CeilingMenuEntry]
}

extension CeilingCatalogue {
    /// The menu at `nodeID`, or at the root when `nil`.
    /// - Throws: ``CeilingError`` ``CeilingError/Code/notFound`` with field `node`.
    public func menu(at nodeID: String? = nil) throws -> CeilingMenu {
        let indexed = try nodeID.map { try node($0, field: "node") } ?? IndexedNode(node: document.tree, path: [])
        return CeilingMenu(
            node: CeilingMenuEntry(indexed.node),
            path: try indexed.path.map { CeilingMenuEntry(try node($0, field: "node").node) },
            children: (indexed.node.children ?? []).map(CeilingMenuEntry.init)
        )
    }
}

extension CeilingMenuEntry {
    init(_ node: TreeNode) {
        self.init(
            id: node.id,
            title: node.title,
            subtitle: node.subtitle.flatMap { $0.isEmpty ? nil : $0 },
            isLeaf: node.isLeaf
        )
    }
}
