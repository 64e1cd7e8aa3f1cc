import Calculator
import Foundation

/// The ceiling product catalogue: the product tree, each product's inputs and the rules that turn a room into a
/// bill of materials. Loaded from versioned JSON and checked in full when loaded.
///
/// ```swift
/// let catalogue = try CeilingCatalogue.bundled()
/// let estimate = try catalogue.estimate(
///     leaf: "regal_600x600",
///     inputs: ["length_m": .number(8.4), "width_m": .number(6), "drop_m": .number(0.8)])
/// ```
public struct CeilingCatalogue: Sendable {
    /// The room inputs every product has, in form order.
    static let geometryInputs = ["length_m", "width_m", "area_m2", "perimeter_m"]

    let document: CatalogueDocument
    private let nodes: [String: IndexedNode]

    /// The catalogue's id, e.g. `studform-inspired-ceilings`.
    public var id: String { document.catalogueID }
    /// The catalogue's version, returned with every estimate.
    public var version: String { document.version }
    /// How far the figures can be trusted.
    public var status: String { document.status }
    /// Every product (leaf) id, in tree order.
    public let leafIDs: [String]

    /// Where the catalogue shipped with this library lies, to copy it as a starting point for an override.
    public static var bundledURL: URL? {
        Bundle.module.url(forResource: "ceiling-catalogue", withExtension: "json", subdirectory: "Data")
    }

    /// The catalogue shipped with this library.
    /// - Throws: ``CeilingError`` with code ``CeilingError/Code/invalidCatalogue``.
    public static func bundled() throws -> CeilingCatalogue {
        guard let url = bundledURL else {
            throw CeilingError(.invalidCatalogue, "the bundled ceiling catalogue is missing from the resources")
        }
        return try CeilingCatalogue(contentsOf: url)
    }

    /// Loads and checks a catalogue file, e.g. one an operator supplies instead of the bundled one.
    /// - Throws: ``CeilingError`` with code ``CeilingError/Code/invalidCatalogue`` naming the file and every problem.
    public init(contentsOf url: URL) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CeilingError(
                .invalidCatalogue,
                "cannot read ceiling catalogue \(url.path): \(error.localizedDescription)"
            )
        }
        do {
            try self.init(data: data)
        } catch let error as CeilingError {
            throw CeilingError(error.code, "\(url.path): \(error.message)")
        }
    }

    /// Decodes and checks a catalogue.
    /// - Throws: ``CeilingError`` with code ``CeilingError/Code/invalidCatalogue``; the message lists every problem.
    public init(data: Data) throws {
        let document: CatalogueDocument
        do {
            document = try JSONDecoder().decode(CatalogueDocument.self, from: data)
        } catch let error as DecodingError {
            throw CeilingError(.invalidCatalogue, "ceiling catalogue: \(error.catalogueDescription)")
        }
        let problems = CatalogueValidator(document: document).problems()
        guard problems.isEmpty else {
            throw CeilingError(
                .invalidCatalogue,
                "ceiling catalogue \(document.version) has \(problems.count) problem(s):\n- "
                    + problems.joined(separator: "\n- ")
            )
        }
        self.document = document
        var nodes: [String: IndexedNode] = [:]
        var leafIDs: [String] = []
        func index(_ node: TreeNode, path: [String]) {
            nodes[node.id] = IndexedNode(node: node, path: path)
            if node.isLeaf { leafIDs.append(node.id) }
            for child in node.children ?? [] { index(child, path: path + [child.id]) }
        }
        index(document.tree, path: [])
        self.nodes = nodes
        self.leafIDs = leafIDs
    }

    // MARK: - Lookup

    /// The node called `id`.
    /// - Throws: ``CeilingError`` ``CeilingError/Code/notFound`` naming `field`.
    func node(_ id: String, field: String) throws -> IndexedNode {
        guard let node = nodes[id] else {
            throw CeilingError(.notFound, "no ceiling menu or product is called '\(id)'", field: field)
        }
        return node
    }

    /// The leaf called `id` with its template.
    /// - Throws: ``CeilingError`` ``CeilingError/Code/notFound`` or ``CeilingError/Code/notALeaf`` naming `field`.
    func leaf(_ id: String, field: String) throws -> Leaf {
        let indexed = try node(id, field: field)
        guard let templateID = indexed.node.template, let template = document.templates[templateID] else {
            throw CeilingError(
                .notALeaf,
                "'\(id)' is a menu, not a product; pick one of its children",
                field: field
            )
        }
        return Leaf(node: indexed.node, template: template, path: indexed.path)
    }
}

/// A tree node with its path from the root (the root's path is empty).
struct IndexedNode: Sendable {
    let node: TreeNode
    let path: [String]
}

/// A product leaf with its template.
struct Leaf: Sendable {
    let node: TreeNode
    let template: Template
    let path: [String]

    var params: [String: Rational] { node.params ?? [:] }
}
