import BigInt

/// An exact rational number `numerator / denominator`, always normalised: the denominator is positive and
/// shares no factor with the numerator. Values whose parts fit in a machine word are kept unboxed, so everyday
/// arithmetic allocates nothing; larger ones switch to `BigInt` transparently.
public struct Rational: Sendable, Hashable, Comparable {
    enum Storage: Sendable, Hashable {
        /// Numerator and a positive denominator, both with magnitude below 2^62.
        case small(Int, Int)
        case big(BigInt, BigInt)
    }

    let storage: Storage

    /// Creates `numerator / denominator` and normalises it; the denominator must not be zero.
    public init(_ numerator: BigInt, _ denominator: BigInt = 1) {
        precondition(!denominator.isZero, "Rational with a zero denominator")
        if numerator.isZero {
            self.init(small: 0, 1)
            return
        }
        var top = numerator
        var bottom = denominator
        if bottom != 1 {
            let divisor = top.greatestCommonDivisor(with: bottom)
            if divisor != 1 {
                top /= divisor
                bottom /= divisor
            }
            if bottom.signum() < 0 {
                top = -top
                bottom = -bottom
            }
        }
        self.init(normalized: top, bottom)
    }

    /// Creates an integer value.
    public init(_ value: Int) {
        if value.magnitude < Self.smallLimit {
            self.init(small: value, 1)
        } else {
            self.init(normalized: BigInt(value), 1)
        }
    }

    /// Creates `numerator / denominator` from machine integers.
    public init(_ numerator: Int, _ denominator: Int) {
        self.init(reducing: numerator, denominator)
    }

    private init(small numerator: Int, _ denominator: Int) {
        storage = .small(numerator, denominator)
    }

    /// An already normalised value, stored small when it fits.
    private init(normalized numerator: BigInt, _ denominator: BigInt) {
        if numerator.magnitude.bitWidth < 62 && denominator.magnitude.bitWidth < 62 {
            storage = .small(Int(numerator), Int(denominator))
        } else {
            storage = .big(numerator, denominator)
        }
    }

    /// Normalises a small fraction (parts below 2^62 in magnitude, or any Int via the big path).
    private init(reducing numerator: Int, _ denominator: Int) {
        precondition(denominator != 0, "Rational with a zero denominator")
        guard numerator.magnitude < Self.smallLimit, denominator.magnitude < Self.smallLimit else {
            self.init(BigInt(numerator), BigInt(denominator))
            return
        }
        if denominator == 1 {
            self.init(small: numerator, 1)
            return
        }
        let divisor = Self.gcd(numerator.magnitude, denominator.magnitude)
        let sign = denominator < 0 ? -1 : 1
        self.init(small: sign * numerator / Int(divisor), sign * denominator / Int(divisor))
    }

    private static let smallLimit: UInt = 1 << 62

    private static func gcd(_ a: UInt, _ b: UInt) -> UInt {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }

    public static let zero = Rational(0)
    public static let one = Rational(1)

    /// The numerator, carrying the sign.
    public var numerator: BigInt {
        switch storage {
        case .small(let n, _): BigInt(n)
        case .big(let n, _): n
        }
    }

    /// The denominator, always > 0.
    public var denominator: BigInt {
        switch storage {
        case .small(_, let d): BigInt(d)
        case .big(_, let d): d
        }
    }

    /// Whether the value is an integer.
    public var isInteger: Bool {
        switch storage {
        case .small(_, let d): d == 1
        case .big(_, let d): d == 1
        }
    }

    /// Whether the value is zero.
    public var isZero: Bool { signum == 0 }

    /// -1, 0 or 1.
    public var signum: Int {
        switch storage {
        case .small(let n, _): n.signum()
        case .big(let n, _): Int(n.signum())
        }
    }

    /// The absolute value.
    public var magnitude: Rational { signum < 0 ? -self : self }

    /// The value as an `Int` when it is an integer that fits.
    public var intValue: Int? {
        switch storage {
        case .small(let n, let d): d == 1 ? n : nil
        case .big(let n, let d): d == 1 && n.bitWidth <= 63 ? Int(n) : nil
        }
    }

    /// The bit width of the larger of numerator and denominator, for size limits.
    var bitWidth: Int {
        switch storage {
        case .small(let n, let d): Int.bitWidth - min(n.magnitude.leadingZeroBitCount, d.magnitude.leadingZeroBitCount)
        case .big(let n, let d): max(n.magnitude.bitWidth, d.magnitude.bitWidth)
        }
    }

    /// The largest integer not greater than the value.
    public var floor: BigInt {
        if case .small(let n, let d) = storage {
            let (q, r) = n.quotientAndRemainder(dividingBy: d)
            return BigInt(r < 0 ? q - 1 : q)
        }
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        return remainder.signum() < 0 ? quotient - 1 : quotient
    }

    /// The smallest integer not less than the value.
    public var ceiling: BigInt { -(-self).floor }

    // MARK: - Arithmetic

    public static func + (lhs: Rational, rhs: Rational) -> Rational {
        if case .small(let a, let b) = lhs.storage, case .small(let c, let d) = rhs.storage {
            if b == d, case (let sum, false) = a.addingReportingOverflow(c) { return Rational(reducing: sum, b) }
            let (ad, o1) = a.multipliedReportingOverflow(by: d)
            let (cb, o2) = c.multipliedReportingOverflow(by: b)
            let (bd, o3) = b.multipliedReportingOverflow(by: d)
            if !o1 && !o2 && !o3, case (let top, false) = ad.addingReportingOverflow(cb) {
                return Rational(reducing: top, bd)
            }
        }
        return Rational(
            lhs.numerator * rhs.denominator + rhs.numerator * lhs.denominator,
            lhs.denominator * rhs.denominator
        )
    }

    public static func - (lhs: Rational, rhs: Rational) -> Rational { lhs + (-rhs) }

    public static prefix func - (value: Rational) -> Rational {
        switch value.storage {
        case .small(let n, let d): Rational(small: -n, d)
        case .big(let n, let d): Rational(normalized: -n, d)
        }
    }

    public static func * (lhs: Rational, rhs: Rational) -> Rational {
        if case .small(let a, let b) = lhs.storage, case .small(let c, let d) = rhs.storage {
            let (top, o1) = a.multipliedReportingOverflow(by: c)
            let (bottom, o2) = b.multipliedReportingOverflow(by: d)
            if !o1 && !o2 { return Rational(reducing: top, bottom) }
        }
        if lhs.isInteger && rhs.isInteger { return Rational(normalized: lhs.numerator * rhs.numerator, 1) }
        return Rational(lhs.numerator * rhs.numerator, lhs.denominator * rhs.denominator)
    }

    /// Division; the divisor must not be zero (callers check and throw first).
    public static func / (lhs: Rational, rhs: Rational) -> Rational { lhs * rhs.reciprocal }

    /// The reciprocal; the value must not be zero.
    public var reciprocal: Rational {
        switch storage {
        case .small(let n, let d): Rational(small: n < 0 ? -d : d, n < 0 ? -n : n)
        case .big(let n, let d): Rational(normalized: n.signum() < 0 ? -d : d, n.signum() < 0 ? -n : n)
        }
    }

    /// The value raised to an integer power (a negative power of zero is a programmer error).
    public func power(_ exponent: Int) -> Rational {
        if exponent < 0 { return reciprocal.power(-exponent) }
        // Powers of coprime parts stay coprime; the bound is the one `init(normalized:)` applies.
        if case .small(let n, let d) = storage, let top = Self.smallPower(n, exponent),
            let bottom = Self.smallPower(d, exponent), top.magnitude < 1 << 61, bottom.magnitude < 1 << 61
        {
            return Rational(small: top, bottom)
        }
        return Rational(normalized: numerator.power(exponent), denominator.power(exponent))
    }

    /// `base^exponent` (exponent ≥ 0) by repeated squaring, or `nil` when it overflows an `Int`.
    private static func smallPower(_ base: Int, _ exponent: Int) -> Int? {
        var result = 1
        var square = base
        var rest = exponent
        while rest > 0 {
            if rest & 1 == 1 {
                let (product, overflow) = result.multipliedReportingOverflow(by: square)
                guard !overflow else { return nil }
                result = product
            }
            rest >>= 1
            guard rest > 0 else { break }
            let (squared, overflow) = square.multipliedReportingOverflow(by: square)
            guard !overflow else { return nil }
            square = squared
        }
        return result
    }

    /// The floored remainder `self - divisor * floor(self / divisor)`, with the divisor's sign (`-7 mod 3 = 2`).
    public func floorMod(_ divisor: Rational) -> Rational {
        self - divisor * Rational((self / divisor).floor)
    }

    public static func < (lhs: Rational, rhs: Rational) -> Bool {
        if case .small(let a, let b) = lhs.storage, case .small(let c, let d) = rhs.storage,
            case (let left, false) = a.multipliedReportingOverflow(by: d),
            case (let right, false) = c.multipliedReportingOverflow(by: b)
        {
            return left < right
        }
        return lhs.numerator * rhs.denominator < rhs.numerator * lhs.denominator
    }
}
