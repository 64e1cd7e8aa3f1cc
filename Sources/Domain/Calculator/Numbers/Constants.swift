import BigInt
import Synchronization

/// π and ln 2 as fixed-point integers, computed once per precision and kept at the largest precision asked for.
enum Constants {
    private static let piCache = Mutex<(bits: Int, value: BigInt)>((0, 0))
    private static let ln2Cache = Mutex<(bits: Int, value: BigInt)>((0, 0))

    /// π · 2^bits, truncated.
    static func pi(_ bits: Int) -> BigInt {
        cached(piCache, bits) { work in
            // Machin: π = 16 atan(1/5) − 4 atan(1/239).
            16 * Fixed.atanInverse(5, work) - 4 * Fixed.atanInverse(239, work)
        }
    }

    /// ln 2 · 2^bits, truncated.
    static func ln2(_ bits: Int) -> BigInt {
        cached(ln2Cache, bits) { work in 2 * Fixed.atanhInverse(3, work) }
    }

    private static func cached(
        _ cache: borrowing Mutex<(bits: Int, value: BigInt)>,
        _ bits: Int,
        compute: (Int) -> BigInt
    ) -> BigInt {
        if let hit = cache.withLock({ $0.bits >= bits ? $0.value >> ($0.bits - bits) : nil }) { return hit }
        let work = max(bits, 256) + 32
        let value = compute(work)
        cache.withLock { if $0.bits < work { $0 = (work, value) } }
        return value >> (work - bits)
    }
}

/// Series on fixed-point integers `x · 2^bits`.
enum Fixed {
    /// x · y for fixed-point operands.
    static func multiply(_ x: BigInt, _ y: BigInt, _ bits: Int) -> BigInt { (x * y) >> bits }

    /// atan(1/q) · 2^bits for an integer q > 1.
    static func atanInverse(_ q: Int, _ bits: Int) -> BigInt {
        let square = BigInt(q * q)
        var power = (BigInt(1) << bits) / BigInt(q)
        var sum = power
        var k = 1
        while !power.isZero {
            power /= square
            k += 2
            let term = power / BigInt(k)
            if term.isZero { break }
            sum += (k / 2).isMultiple(of: 2) ? term : -term
        }
        return sum
    }

    /// atanh(1/q) · 2^bits for an integer q > 1.
    static func atanhInverse(_ q: Int, _ bits: Int) -> BigInt {
        let square = BigInt(q * q)
        var power = (BigInt(1) << bits) / BigInt(q)
        var sum = power
        var k = 1
        while !power.isZero {
            power /= square
            k += 2
            sum += power / BigInt(k)
        }
        return sum
    }
}
