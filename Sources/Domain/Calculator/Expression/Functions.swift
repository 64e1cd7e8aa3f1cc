/// The functions and constants an expression may name.
enum Functions {
    /// A built-in function.
    enum Kind: Sendable {
        case sqrt, cbrt, root
        case sin, cos, tan, asin, acos, atan, atan2
        case sinh, cosh, tanh
        case ln, log, log10, log2, exp
        case abs, floor, ceil, round, factorial, mod
    }

    /// Function names, with common aliases, to their kind and allowed argument counts.
    static let table: [String: (kind: Kind, arity: ClosedRange<Int>)] = [
        "sqrt": (.sqrt, 1...1), "cbrt": (.cbrt, 1...1), "root": (.root, 2...2),
        "sin": (.sin, 1...1), "cos": (.cos, 1...1), "tan": (.tan, 1...1),
        "asin": (.asin, 1...1), "acos": (.acos, 1...1), "atan": (.atan, 1...1),
        "arcsin": (.asin, 1...1), "arccos": (.acos, 1...1), "arctan": (.atan, 1...1),
        "atan2": (.atan2, 2...2),
        "sinh": (.sinh, 1...1), "cosh": (.cosh, 1...1), "tanh": (.tanh, 1...1),
        "ln": (.ln, 1...1), "log": (.log, 1...2), "log10": (.log10, 1...1), "lg": (.log10, 1...1),
        "log2": (.log2, 1...1), "lb": (.log2, 1...1), "exp": (.exp, 1...1),
        "abs": (.abs, 1...1), "floor": (.floor, 1...1), "ceil": (.ceil, 1...1), "round": (.round, 1...2),
        "fact": (.factorial, 1...1), "factorial": (.factorial, 1...1), "mod": (.mod, 2...2),
    ]

    /// Names that evaluate to a value.
    static let constants: Set<String> = ["pi", "e", "tau", "ans"]

    static func isFunction(_ name: String) -> Bool { table[name] != nil }
    static func isConstant(_ name: String) -> Bool { constants.contains(name) }
}
