/// Splits an expression into tokens, reading UTF-8 bytes directly. Accepts ASCII operators and the usual
/// typographic ones (`×`, `÷`, `−`, `·`, `π`, `√`, `°`, `²`, `³`); `**` is `^`.
/// Columns count Unicode scalars.
struct Lexer {
    /// Tokens of `text`, ending with `.end`.
    /// - Throws: ``CalculatorError`` with code `syntax` for a character that starts no token.
    static func tokens(_ text: String) throws -> TokenList {
        var text = text
        return try text.withUTF8 { bytes in
            var lexer = Lexer(bytes: bytes)
            return try lexer.run()
        }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var column = 1
    private var list = TokenList()

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        list.reserveCapacity(forBytes: bytes.count)
    }

    private mutating func run() throws -> TokenList {
        while index < bytes.count {
            let byte = bytes[index]
            let start = column
            if isDigit(byte) || byte == UInt8(ascii: ".") {
                try number()
            } else if isLetter(byte) {
                identifier()
            } else if byte < 0x80 {
                index += 1
                column += 1
                try symbol(Unicode.Scalar(byte), at: start)
            } else {
                let (scalar, length) = decode()
                if scalar.properties.isAlphabetic && scalar != "π" {
                    identifier()
                    continue
                }
                index += length
                column += 1
                try symbol(scalar, at: start)
            }
        }
        list.tokens.append(Token(kind: .end, position: column))
        return list
    }

    private mutating func symbol(_ scalar: Unicode.Scalar, at start: Int) throws {
        let kind: Token.Kind
        switch scalar {
        case " ", "\t", "\n", "\r": return
        case "+": kind = .plus
        case "-", "\u{2212}": kind = .minus
        case "*" where index < bytes.count && bytes[index] == UInt8(ascii: "*"):
            index += 1
            column += 1
            kind = .caret
        case "*", "×", "·", "\u{22C5}": kind = .times
        case "/" where index < bytes.count && bytes[index] == UInt8(ascii: "/"):
            index += 1
            column += 1
            kind = .floorDivide
        case "/", "÷": kind = .divide
        case "^": kind = .caret
        case "%": kind = .percent
        case "!": kind = .bang
        case "°": kind = .degree
        case "(", "[": kind = .leftParen
        case ")", "]": kind = .rightParen
        case ",", ";": kind = .comma
        case "π": return list.append(name: "pi", at: start)
        case "√": return list.append(name: "sqrt", at: start)
        case "²", "³":
            list.tokens.append(Token(kind: .caret, position: start))
            let square = scalar == "²"
            return list.append(number: Rational(square ? 2 : 3), text: square ? "2" : "3", at: start)
        default:
            throw CalculatorError(
                .syntax,
                "unexpected character '\(scalar)' at column \(start)",
                field: "expression",
                position: start
            )
        }
        list.tokens.append(Token(kind: kind, position: start))
    }

    /// A decimal literal with an optional exponent (`1.5e-3`); `2e` alone leaves `e` as the constant.
    private mutating func number() throws {
        let start = index
        while index < bytes.count, isDigit(bytes[index]) || bytes[index] == UInt8(ascii: ".") { index += 1 }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            var look = index + 1
            if look < bytes.count, bytes[look] == UInt8(ascii: "+") || bytes[look] == UInt8(ascii: "-") { look += 1 }
            if look < bytes.count, isDigit(bytes[look]) {
                index = look
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
        }
        let literal = UnsafeBufferPointer(rebasing: bytes[start..<index])
        let text = String(decoding: literal, as: UTF8.self)
        guard let value = Rational(literal: literal) ?? Rational(parsing: text) else {
            throw CalculatorError(
                .syntax,
                "malformed number '\(text)' at column \(column)",
                field: "expression",
                position: column
            )
        }
        list.append(number: value, text: text, at: column)
        column += index - start
    }

    private mutating func identifier() {
        let start = index
        let startColumn = column
        while index < bytes.count {
            let byte = bytes[index]
            if isLetter(byte) || isDigit(byte) {
                index += 1
                column += 1
            } else if byte >= 0x80 {
                let (scalar, length) = decode()
                guard scalar.properties.isAlphabetic && scalar != "π" else { break }
                index += length
                column += 1
            } else {
                break
            }
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        list.append(name: name, at: startColumn)
    }

    /// The scalar starting at `index` and its length in bytes (U+FFFD for malformed input).
    private func decode() -> (Unicode.Scalar, Int) {
        var iterator = UnsafeBufferPointer(rebasing: bytes[index...]).makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            return (scalar, UTF8.width(scalar))
        }
        return ("\u{FFFD}", 1)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func isLetter(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
    }
}
