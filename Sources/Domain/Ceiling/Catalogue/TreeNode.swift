import Calculator

/// A node of the product tree: a menu with children, or a leaf (a product) with a template, parameters and
/// product bindings.
struct TreeNode: Decodable, Sendable {
    let id: String
    let title: String
    let subtitle: String?
    let children: [TreeNode]?
    let template: String?
    let params: [String: Rational]?
    let products: [String: ProductBinding]?

    var isLeaf: Bool { template != nil }
}

/// Which product fills a role: one product, or the first case whose conditions hold (tile by tile size, board by
/// sheet size).
enum ProductBinding: Decodable, Sendable {
    /// One case of a conditional binding.
    struct Case: Decodable, Sendable {
        let when: [Condition]
        let product: String
    }

    case fixed(String)
    case cases([Case])

    private enum CodingKeys: String, CodingKey { case cases }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: CodingKeys.self) {
            self = .cases(try object.decode([Case].self, forKey: .cases))
        } else {
            self = .fixed(try decoder.singleValueContainer().decode(String.self))
        }
    }

    /// Every product the binding can name.
    var productIDs: [String] {
        switch self {
        case .fixed(let id): [id]
        case .cases(let cases): cases.map(\.product)
        }
    }

    /// The product for these inputs, or `nil` when no case holds.
    func product(for values: [String: CeilingValue]) -> String? {
        switch self {
        case .fixed(let id): id
        case .cases(let cases): cases.first { $0.when.allHold(in: values) }?.product
        }
    }
}
