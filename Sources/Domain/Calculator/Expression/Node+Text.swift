extension SyntaxTree {
    /// The expression as parsed, fully parenthesised, so a caller can see how `6/2(1+2)` or `-2^2` was read.
    var text: String {
        var output = ""
        output.reserveCapacity(64)
        write(root, to: &output)
        return output
    }

    private func write(_ index: Node.Index, to output: inout String) {
        switch nodes[index] {
        case .number(let literal, _): output += list.literals[literal]
        case .name(let name, _): output += list.names[name]
        case .negate(let inner, _):
            output += "-"
            writeOperand(inner, to: &output)
        case .binary(let op, let left, let right, _):
            writeOperand(left, to: &output)
            output += op.spacedSymbol
            writeOperand(right, to: &output)
        case .postfix(let op, let inner, _):
            writeOperand(inner, to: &output)
            output += op.symbol
        case .call(let name, let arguments, _):
            output += list.names[name]
            output += "("
            for argument in arguments {
                if argument > arguments.lowerBound { output += ", " }
                write(self.arguments[argument], to: &output)
            }
            output += ")"
        case .inPercent(let inner):
            write(inner, to: &output)
            output += " to %"
        }
    }

    private func writeOperand(_ index: Node.Index, to output: inout String) {
        switch nodes[index] {
        case .binary, .negate, .inPercent:
            output += "("
            write(index, to: &output)
            output += ")"
        default:
            write(index, to: &output)
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
        case .floorDivide: " // "
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
