/// A parsed expression. Every node keeps the column of the token that produced it, for error positions.
indirect enum Node: Sendable, Hashable {
    enum BinaryOperator: Sendable, Hashable {
        case add, subtract, multiply, divide, power, modulo
    }

    enum PostfixOperator: Sendable, Hashable {
        case factorial, percent, degree
    }

    case number(Rational, literal: String, position: Int)
    case name(String, position: Int)
    case negate(Node, position: Int)
    case binary(BinaryOperator, Node, Node, position: Int)
    case postfix(PostfixOperator, Node, position: Int)
    case call(String, [Node], position: Int)
    /// `x to %`: the value expressed in percent.
    case inPercent(Node)

    /// Whether the node is a percentage (`10%`, or `(10%)`), which `+` and `-` treat as a relative change.
    var isPercent: Bool {
        if case .postfix(.percent, _, _) = self { return true }
        return false
    }
}
