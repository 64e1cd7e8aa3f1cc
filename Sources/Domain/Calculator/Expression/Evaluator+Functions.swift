import BigInt
import Foundation

extension Evaluator {
    mutating func call(_ name: String, _ arguments: [Node.Index], position: Int) throws -> Value {
        guard let (kind, arity) = Functions.table[name] else {
            throw CalculatorError(
                .unknownIdentifier,
                "unknown function '\(name)' at column \(position)",
                field: "expression",
                position: position
            )
        }
        guard arity.contains(arguments.count) else {
            let expected = arity.lowerBound == arity.upperBound ? "\(arity.lowerBound)" : "\(arity)"
            throw CalculatorError(
                .syntax,
                "\(name) takes \(expected) argument(s), got \(arguments.count) "
                    + "(column \(position))",
                field: "expression",
                position: position
            )
        }
        let x = try evaluate(arguments[0])
        let y = arguments.count > 1 ? try evaluate(arguments[1]) : nil
        switch kind {
        case .sqrt: return try root(x, index: 2, position: position)
        case .cbrt: return try root(x, index: 3, position: position)
        case .root:
            guard let n = y?.rational?.intValue, (2...1000).contains(n) else {
                throw domainError("root(x, n) needs an integer n from 2 to 1000", position: position)
            }
            return try root(x, index: n, position: position)
        case .sin, .cos, .tan: return try trig(kind, x, position: position)
        case .asin, .acos, .atan: return try inverseTrig(kind, x, position: position)
        case .atan2: return try atan2(x, y ?? .rational(.one), position: position)
        case .sinh, .cosh, .tanh: return try hyperbolic(kind, x, position: position)
        case .ln: return try logarithm(x, base: nil, position: position)
        case .log: return try logarithm(x, base: y ?? .rational(Rational(10)), position: position)
        case .log10: return try logarithm(x, base: .rational(Rational(10)), position: position)
        case .log2: return try logarithm(x, base: .rational(Rational(2)), position: position)
        case .exp: return try exponential(x, position: position)
        case .abs: return x.signum < 0 ? negate(x) : x
        case .floor: return .rational(Rational(exactOrApproximate(x).floor))
        case .ceil: return .rational(Rational(exactOrApproximate(x).ceiling))
        case .round: return try rounded(x, places: y, position: position)
        case .factorial: return try factorial(x, position: position)
        case .mod: return try modulo(x, y ?? .rational(.one), position: position)
        }
    }

    private func exactOrApproximate(_ value: Value) -> Rational {
        value.rational ?? value.approximation(precision).rational
    }

    /// round(x) half away from zero; round(x, n) to n decimal places.
    private func rounded(_ value: Value, places: Value?, position: Int) throws -> Value {
        guard let places else { return .rational(exactOrApproximate(value).rounded()) }
        guard let n = places.rational?.intValue, abs(n) <= 1000 else {
            throw domainError("round(x, n) needs an integer n", position: position)
        }
        return .rational(exactOrApproximate(value).rounded(places: n))
    }

    /// n! exactly for integers up to 3000; Γ(x+1) (binary64, 15 digits) for other reals.
    mutating func factorial(_ value: Value, position: Int) throws -> Value {
        if case .rational(let r) = value, r.isInteger {
            guard r.signum >= 0 else { throw domainError("factorial of a negative integer", position: position) }
            guard let n = r.intValue, n <= 3000 else { throw overflowError(position: position) }
            var product = BigInt(1)
            if n > 1 { for k in 2...n { product *= BigInt(k) } }
            return .rational(Rational(product))
        }
        let argument = value.approximation(64).doubleValue + 1
        let result = Foundation.tgamma(argument)
        guard result.isFinite else {
            throw argument <= 0 && argument == argument.rounded()
                ? domainError("factorial of a negative integer", position: position) : overflowError(position: position)
        }
        limitedToBinary64 = true
        return .approx(BigFloat(double: result))
    }

    private mutating func exponential(_ value: Value, position: Int) throws -> Value {
        if value.signum == 0 { return .rational(.one) }
        let argument = value.approximation(precision + 16)
        guard argument.rational.magnitude <= BigFloat.expLimit else { throw overflowError(position: position) }
        return .approx(argument.exp(precision: precision))
    }

    private mutating func hyperbolic(_ kind: Functions.Kind, _ value: Value, position: Int) throws -> Value {
        if value.signum == 0 { return .rational(kind == .cosh ? .one : .zero) }
        let x = value.approximation(precision + 16)
        if kind == .tanh && x.magnitudeExponent > 16 {
            return .rational(Rational(x.signum))
        }
        guard x.rational.magnitude <= BigFloat.expLimit else { throw overflowError(position: position) }
        let work = precision + 16 + max(0, -x.magnitudeExponent)
        let grown = x.exp(precision: work)
        let shrunk = BigFloat.divide(BigFloat(mantissa: 1, exponent: 0), grown, precision: work)
        var lost = 0
        let difference = BigFloat.add(grown, -shrunk, precision: work, cancelled: &lost)
        let sum = BigFloat.add(grown, shrunk, precision: work, cancelled: &lost)
        let half = BigFloat(mantissa: 1, exponent: -1)
        switch kind {
        case .sinh: return .approx(BigFloat.multiply(difference, half, precision: precision))
        case .cosh: return .approx(BigFloat.multiply(sum, half, precision: precision))
        default: return .approx(BigFloat.divide(difference, sum, precision: precision))
        }
    }

    /// log_base(x); ln when `base` is nil. Exact when x is an integer power of a rational base.
    private mutating func logarithm(_ value: Value, base: Value?, position: Int) throws -> Value {
        guard value.signum > 0 else {
            throw domainError(
                value.signum == 0 ? "logarithm of zero" : "logarithm of a negative number",
                position: position
            )
        }
        if case .rational(let x) = value, x == .one { return .rational(.zero) }
        if let base {
            guard base.signum > 0, base != .rational(.one) else {
                throw domainError("logarithm base must be positive and not 1", position: position)
            }
            if case .rational(let x) = value, case .rational(let b) = base, let k = Self.exactLog(x, base: b) {
                return .rational(Rational(k))
            }
        }
        let work = precision + 16
        let numerator = value.approximation(work).ln(precision: work)
        guard let base else { return .approx(numerator.normalized(precision)) }
        let denominator = base.approximation(work).ln(precision: work)
        return .approx(BigFloat.divide(numerator, denominator, precision: precision))
    }

    /// The integer k with base^k = x, if there is one.
    private static func exactLog(_ x: Rational, base: Rational) -> Int? {
        let estimate = BigFloat(x, precision: 64).log2Estimate / BigFloat(base, precision: 64).log2Estimate
        guard estimate.isFinite, abs(estimate) < 10_000 else { return nil }
        let k = Int(estimate.rounded())
        return base.power(k) == x ? k : nil
    }
}

extension BigFloat {
    /// The nearest binary64 value (for the few functions computed in binary64).
    var doubleValue: Double {
        guard !isZero else { return 0 }
        let excess = max(0, bitLength - 60)
        let top = Double(Int64(mantissa >> excess))
        return top * Foundation.pow(2.0, Double(exponent + excess))
    }

    /// log2|x| in binary64.
    var log2Estimate: Double {
        let excess = max(0, bitLength - 60)
        return Foundation.log2(abs(Double(Int64(mantissa >> excess)))) + Double(exponent + excess)
    }

    /// A binary64 value, exactly.
    init(double: Double) {
        guard double != 0 else {
            self = .zero
            return
        }
        let significand = Int64(double.significandBitPattern | (1 << 52))
        self.init(mantissa: BigInt(double < 0 ? -significand : significand), exponent: Int(double.exponent) - 52)
    }
}
