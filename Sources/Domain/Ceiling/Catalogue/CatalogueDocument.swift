import Foundation

/// The catalogue file as written: metadata, input definitions, step tables, products, templates and the tree.
struct CatalogueDocument: Decodable, Sendable {
    let catalogueID: String
    let version: String
    let status: String
    let notes: [String]?
    let inputs: [String: InputDefinition]
    let stepTables: [String: StepTable]
    let conditionalWarnings: [ConditionalWarning]?
    let products: [String: Product]
    let templates: [String: Template]
    let tree: TreeNode

    private enum CodingKeys: String, CodingKey {
        case version, status, notes, inputs, products, templates, tree
        case catalogueID = "catalogue_id"
        case stepTables = "step_tables"
        case conditionalWarnings = "conditional_warnings"
    }
}
