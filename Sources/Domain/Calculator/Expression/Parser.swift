/// A precedence-climbing parser for calculator expressions.
///
/// Precedence, loosest first: `+ -`; `* / mod %` and implicit multiplication (`2pi`, `3(4+5)`), all left
/// associative at the same level (`6/2(1+2)` = 9); unary minus (`-2^2` = -4); `^`, right associative and taking a
/// signed exponent (`2^-3`); postfix `!`, `%` and `°` (`2^3!` = 64). `%` between two operands is the remainder
/// (`10 % 3` = 1); after an operand with nothing following it is a percentage. A trailing `to %` (or `in %`)
/// expresses the result in percent.
struct Parser {
    private let list: TokenList
    private var index = 0
    private var nodes: [Node] = []
    /// The depth of each node's subtree, parallel to `nodes`.
    private var depths: [Int] = []
    private var arguments: [Node.Index] = []
    /// How deep `parseUnary` is nested (parentheses, signs and powers recurse through it).
    private var nesting = 0

    /// The deepest tree, and the deepest nesting, an expression may have: evaluating and printing a tree recurse
    /// once per level, so a deeper one (`1+1+…+1` a million times, or a million parentheses) could overflow a
    /// worker's stack.
    static let maximumDepth = 500

    /// Parses a whole expression.
    /// - Throws: ``CalculatorError`` with code `syntax` pointing at the offending column.
    static func parse(_ text: String) throws -> SyntaxTree {
        var parser = Parser(list: try Lexer.tokens(text))
        let root = try parser.parseTop()
        return SyntaxTree(list: parser.list, nodes: parser.nodes, arguments: parser.arguments, root: root)
    }

    private init(list: TokenList) {
        self.list = list
        nodes.reserveCapacity(list.tokens.count)
        depths.reserveCapacity(list.tokens.count)
    }

    private var current: Token { list.tokens[index] }
    private var next: Token { list.tokens[min(index + 1, list.tokens.count - 1)] }

    /// Whether the token is one of the words that introduce `to %`.
    private func isConversionWord(_ token: Token) -> Bool {
        switch list.name(token) {
        case "to", "in", "as": true
        default: false
        }
    }

    private mutating func advance() { index += 1 }

    /// Stores `node` and returns its index.
    /// - Throws: ``CalculatorError`` `invalid_argument` when the tree would get deeper than ``maximumDepth``.
    private mutating func add(_ node: Node) throws -> Node.Index {
        let depth: Int
        switch node {
        case .number, .name: depth = 1
        case .negate(let child, _), .postfix(_, let child, _), .inPercent(let child): depth = depths[child] + 1
        case .binary(_, let left, let right, _): depth = max(depths[left], depths[right]) + 1
        case .call(_, let range, _):
            let depths = depths
            depth = (arguments[range].lazy.map { depths[$0] }.max() ?? 0) + 1
        }
        guard depth <= Self.maximumDepth else { throw tooDeep(at: current) }
        nodes.append(node)
        depths.append(depth)
        return nodes.count - 1
    }

    private mutating func parseTop() throws -> Node.Index {
        guard current.kind != .end else { throw syntaxError("empty expression", at: current) }
        var node = try parseAdditive()
        if isConversionWord(current), next.kind == .percent {
            advance()
            advance()
            node = try add(.inPercent(node))
        }
        guard current.kind == .end else {
            if current.kind == .rightParen { throw syntaxError("unbalanced ')'", at: current) }
            throw syntaxError("unexpected '\(list.text(current))'", at: current)
        }
        return node
    }

    private mutating func parseAdditive() throws -> Node.Index {
        var node = try parseMultiplicative()
        while true {
            let token = current
            let op: Node.BinaryOperator
            switch token.kind {
            case .plus: op = .add
            case .minus: op = .subtract
            default: return node
            }
            advance()
            node = try add(.binary(op, node, try parseMultiplicative(), position: token.position))
        }
    }

    private mutating func parseMultiplicative() throws -> Node.Index {
        var node = try parseUnary()
        while true {
            let token = current
            let op: Node.BinaryOperator
            switch token.kind {
            case .times: op = .multiply
            case .divide: op = .divide
            case .floorDivide: op = .floorDivide
            case .percent: op = .modulo
            case .identifier where list.name(token) == "mod": op = .modulo
            case .identifier where isConversionWord(token) && next.kind == .percent:
                return node
            case .identifier, .leftParen:
                node = try add(.binary(.multiply, node, try parsePower(), position: token.position))
                continue
            default: return node
            }
            advance()
            node = try add(.binary(op, node, try parseUnary(), position: token.position))
        }
    }

    private mutating func parseUnary() throws -> Node.Index {
        let token = current
        nesting += 1
        defer { nesting -= 1 }
        guard nesting <= Self.maximumDepth else { throw tooDeep(at: token) }
        switch token.kind {
        case .minus:
            advance()
            return try add(.negate(try parseUnary(), position: token.position))
        case .plus:
            advance()
            return try parseUnary()
        default:
            return try parsePower()
        }
    }

    private mutating func parsePower() throws -> Node.Index {
        let base = try parsePostfix()
        guard current.kind == .caret else { return base }
        let token = current
        advance()
        return try add(.binary(.power, base, try parseUnary(), position: token.position))
    }

    private mutating func parsePostfix() throws -> Node.Index {
        var node = try parsePrimary()
        while true {
            let token = current
            switch token.kind {
            case .bang: node = try add(.postfix(.factorial, node, position: token.position))
            case .degree: node = try add(.postfix(.degree, node, position: token.position))
            case .percent:
                if startsOperand(next) { return node }
                node = try add(.postfix(.percent, node, position: token.position))
            default: return node
            }
            advance()
        }
    }

    private func startsOperand(_ token: Token) -> Bool {
        switch token.kind {
        case .number, .leftParen: true
        case .identifier: !isConversionWord(token) && list.name(token) != "mod"
        default: false
        }
    }

    private mutating func parsePrimary() throws -> Node.Index {
        let token = current
        switch token.kind {
        case .number:
            advance()
            return try add(.number(literal: token.payload, position: token.position))
        case .leftParen:
            advance()
            let inner = try parseAdditive()
            guard current.kind == .rightParen else {
                throw syntaxError("unbalanced '(' opened at column \(token.position)", at: current)
            }
            advance()
            return inner
        case .identifier:
            let name = list.names[token.payload]
            advance()
            guard Functions.isFunction(name) else {
                guard Functions.isConstant(name) else {
                    let what = current.kind == .leftParen ? "function" : "name"
                    throw CalculatorError(
                        .unknownIdentifier,
                        "unknown \(what) '\(name)' at column \(token.position)",
                        field: "expression",
                        position: token.position
                    )
                }
                return try add(.name(token.payload, position: token.position))
            }
            let arguments = try parseArguments(of: name)
            return try add(.call(name: token.payload, arguments: arguments, position: token.position))
        case .end:
            throw syntaxError("missing operand", at: token)
        default:
            throw syntaxError("unexpected '\(list.text(token))'", at: token)
        }
    }

    /// `(a, b, ...)`, or a single juxtaposed operand such as `sqrt 2` or `sin 30°`, stored in ``arguments``.
    private mutating func parseArguments(of name: String) throws -> Range<Int> {
        guard current.kind == .leftParen else {
            guard startsOperand(current) else { throw syntaxError("missing argument of \(name)", at: current) }
            let argument = try parsePostfix()
            arguments.append(argument)
            return arguments.count - 1..<arguments.count
        }
        let open = current
        advance()
        // Nested calls store their own arguments meanwhile, so this list is appended once complete.
        var parsed = [try parseAdditive()]
        while current.kind == .comma {
            advance()
            parsed.append(try parseAdditive())
        }
        guard current.kind == .rightParen else {
            throw syntaxError("unbalanced '(' opened at column \(open.position)", at: current)
        }
        advance()
        arguments.append(contentsOf: parsed)
        return arguments.count - parsed.count..<arguments.count
    }

    private func tooDeep(at token: Token) -> CalculatorError {
        CalculatorError(
            .invalidArgument,
            "expression nested too deeply (more than \(Self.maximumDepth) levels) at column \(token.position)",
            field: "expression",
            position: token.position
        )
    }

    private func syntaxError(_ message: String, at token: Token) -> CalculatorError {
        CalculatorError(
            .syntax,
            "\(message) at column \(token.position)",
            field: "expression",
            position: token.position
        )
    }
}
