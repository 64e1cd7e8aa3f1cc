/// A bound on the work an expression takes, read from its syntax tree before it runs: the size in bits of the
/// largest number it can build. Factorials, powers and huge literals are what make an expression slow (`3000!`,
/// `9^9^9`); everything else stays near the requested precision.
extension SyntaxTree {
    /// Bits beyond which an expression counts as costly; 8,192 bits is about 2,500 digits, well under a
    /// millisecond of arithmetic.
    static let boundedBits = 8_192

    /// A bound on the size in bits of every value the expression builds (sums grow by a bit, products add sizes,
    /// irrational values take the working precision), or `nil` when it cannot be bounded cheaply (a factorial of
    /// anything but a literal up to 1,000, a power whose exponent is not a literal) or exceeds ``boundedBits``.
    func boundedBits(precision: Int, ans: Rational?) -> Int? {
        bits(of: root, precision: precision, ans: ans)
    }

    /// The bound for one node, `nil` past ``boundedBits`` (so no product of bounds can overflow).
    private func bits(of index: Node.Index, precision: Int, ans: Rational?) -> Int? {
        unchecked(index, precision: precision, ans: ans).flatMap { $0 <= Self.boundedBits ? $0 : nil }
    }

    private func unchecked(_ index: Node.Index, precision: Int, ans: Rational?) -> Int? {
        let bits = { (child: Node.Index) in self.bits(of: child, precision: precision, ans: ans) }
        switch nodes[index] {
        case .number(let literal, _):
            return list.numbers[literal].bitWidth
        case .name(let name, _):
            return list.names[name] == "ans" ? ans?.bitWidth ?? 1 : precision
        case .negate(let child, _):
            return bits(child)
        case .postfix(.percent, let child, _), .inPercent(let child):
            return bits(child).map { $0 + 7 }
        case .postfix(.degree, let child, _):
            return bits(child).map { max($0, precision) }
        case .postfix(.factorial, let child, _):
            return factorialBits(child)
        case .binary(.power, let base, let exponent, _):
            guard let power = literal(exponent) else { return nil }
            guard let whole = power.intValue else { return bits(base).map { max($0, precision) } }
            return bits(base).flatMap { whole.magnitude <= 10_000 ? $0 * Int(whole.magnitude) + precision : nil }
        case .binary(let operation, let left, let right, _):
            guard let left = bits(left), let right = bits(right) else { return nil }
            return operation == .add || operation == .subtract ? max(left, right) + 1 : left + right
        case .call(let name, let arguments, _):
            let kind = Functions.table[list.names[name]]?.kind
            if kind == .factorial, arguments.count == 1 { return factorialBits(self.arguments[arguments.lowerBound]) }
            // Periodic and exponential functions of a large argument need that many more bits of precision.
            let argumentLimit = kind.map(Self.growsWithArgument.contains) == true ? 256 : Self.boundedBits
            var largest = precision
            for argument in self.arguments[arguments] {
                guard let size = bits(argument), size <= argumentLimit else { return nil }
                largest = max(largest, size)
            }
            return largest
        }
    }

    private static let growsWithArgument: Set<Functions.Kind> = [.sin, .cos, .tan, .sinh, .cosh, .tanh, .exp]

    /// n! has about n·log2(n) bits; only a literal n up to 1,000 is taken as small.
    private func factorialBits(_ operand: Node.Index) -> Int? {
        guard let n = literal(operand)?.intValue, (0...1_000).contains(n) else { return nil }
        return n * max(1, Int.bitWidth - n.leadingZeroBitCount)
    }

    /// The value of a number literal, possibly negated.
    private func literal(_ index: Node.Index) -> Rational? {
        switch nodes[index] {
        case .number(let literal, _): list.numbers[literal]
        case .negate(let child, _): literal(child).map { -$0 }
        default: nil
        }
    }
}
