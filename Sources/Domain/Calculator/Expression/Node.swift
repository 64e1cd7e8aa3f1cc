/// One node of a ``SyntaxTree``. Children are indices into the tree's nodes and payloads indices into its token
/// list, so nodes are plain values. Every node keeps the column of the token that produced it, for error positions.
enum Node: Sendable, Hashable {
    /// The position of a node in ``SyntaxTree/nodes``.
    typealias Index = Int

    enum BinaryOperator: Sendable, Hashable {
        case add, subtract, multiply, divide, floorDivide, power, modulo
    }

    enum PostfixOperator: Sendable, Hashable {
        case factorial, percent, degree
    }

    /// A number literal: its value and text are at `literal` in ``TokenList/numbers`` and ``TokenList/literals``.
    case number(literal: Int, position: Int)
    /// A constant, named at `name` in ``TokenList/names``.
    case name(Int, position: Int)
    case negate(Index, position: Int)
    case binary(BinaryOperator, Index, Index, position: Int)
    case postfix(PostfixOperator, Index, position: Int)
    /// A function named at `name` in ``TokenList/names``, its arguments at `arguments` in
    /// ``SyntaxTree/arguments``.
    case call(name: Int, arguments: Range<Int>, position: Int)
    /// `x to %`: the value expressed in percent.
    case inPercent(Index)
}

/// A parsed expression, stored flat: building and walking it allocates nothing per node.
struct SyntaxTree: Sendable {
    /// The tokens' payloads (literals and names) that nodes refer to.
    let list: TokenList
    let nodes: [Node]
    /// Argument lists of calls, each a contiguous run of node indices.
    let arguments: [Node.Index]
    let root: Node.Index

    /// Whether the node is a percentage (`10%`, or `(10%)`), which `+` and `-` treat as a relative change.
    func isPercent(_ index: Node.Index) -> Bool {
        if case .postfix(.percent, _, _) = nodes[index] { return true }
        return false
    }
}
