extension Node {
    /// The expression as parsed, fully parenthesised, so a caller can see how `6/2(1+2)` or `-2^2` was read.
    var text: String {
        var output = ""
        output.reserveCapacity(64)
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .number(_, let literal, _): output += literal
        case .name(let name, _): output += name
        case .negate(let inner, _):
            output += "-"
            inner.writeOperand(to: &output)
        case .binary(let op, let left, let right, _):
            left.writeOperand(to: &output)
            output += op.spacedSymbol
            right.writeOperand(to: &output)
        case .postfix(let op, let inner, _):
            inner.writeOperand(to: &output)
            output += op.symbol
        case .call(let name, let arguments, _):
            output += name
            output += "("
            for (index, argument) in arguments.enumerated() {
                if index > 0 { output += ", " }
                argument.write(to: &output)
            }
            output += ")"
        case .inPercent(let inner):
            inner.write(to: &output)
            output += " to %"
        }
    }

    private func writeOperand(to output: inout String) {
        switch self {
        case .binary, .negate, .inPercent:
            output += "("
            write(to: &output)
            output += ")"
        default:
            write(to: &output)
        }
    }
}

extension Node.BinaryOperator {
    var spacedSymbol: String {
        switch self {
        case .add: " + "
        case .subtract: " - "
        case .multiply: " * "
        case .divide: " / "
        case .power: " ^ "
        case .modulo: " mod "
        }
    }
}

extension Node.PostfixOperator {
    var symbol: String {
        switch self {
        case .factorial: "!"
        case .percent: "%"
        case .degree: "°"
        }
    }
}
