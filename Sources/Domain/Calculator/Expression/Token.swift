/// One lexical token of an expression, with its 1-based column. Payloads (literals and names) live in side
/// tables of ``TokenList`` so tokens stay plain values that copy without reference counting.
struct Token: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case number, identifier
        case plus, minus, times, divide, floorDivide, caret, percent, bang, degree
        case leftParen, rightParen, comma
        case end
    }

    var kind: Kind
    var position: Int
    /// Index into ``TokenList/literals`` or ``TokenList/names`` for numbers and identifiers.
    var payload = 0
}

/// The tokens of one expression and their payloads.
struct TokenList: Sendable {
    var tokens: [Token] = []
    /// The values of number literals; ``literals`` holds their text at the same index.
    var numbers: [Rational] = []
    var literals: [String] = []
    var names: [String] = []

    /// Reserves room for the tokens of a text of `count` bytes, so appending rarely reallocates.
    mutating func reserveCapacity(forBytes count: Int) {
        tokens.reserveCapacity(count / 2 + 2)
        numbers.reserveCapacity(count / 2 + 1)
        literals.reserveCapacity(count / 2 + 1)
    }

    /// Appends a number token.
    mutating func append(number value: Rational, text: String, at position: Int) {
        numbers.append(value)
        literals.append(text)
        tokens.append(Token(kind: .number, position: position, payload: literals.count - 1))
    }

    /// Appends an identifier token.
    mutating func append(name: String, at position: Int) {
        names.append(name)
        tokens.append(Token(kind: .identifier, position: position, payload: names.count - 1))
    }

    /// The identifier's name, or nil for other tokens.
    func name(_ token: Token) -> String? {
        token.kind == .identifier ? names[token.payload] : nil
    }

    /// A short description for syntax errors.
    func text(_ token: Token) -> String {
        switch token.kind {
        case .number: literals[token.payload]
        case .identifier: names[token.payload]
        case .plus: "+"
        case .minus: "-"
        case .times: "*"
        case .divide: "/"
        case .floorDivide: "//"
        case .caret: "^"
        case .percent: "%"
        case .bang: "!"
        case .degree: "°"
        case .leftParen: "("
        case .rightParen: ")"
        case .comma: ","
        case .end: "end of expression"
        }
    }
}
