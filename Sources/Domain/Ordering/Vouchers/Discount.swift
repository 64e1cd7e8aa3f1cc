/// Exact integer arithmetic for voucher amounts.
enum Discount {
    /// What `voucher` takes off `base` minor units: a percent rounded half up and capped, or a fixed amount; never
    /// more than `base`.
    static func amount(of voucher: Voucher, on base: Int64) -> Int64 {
        let amount: Int64
        switch voucher.value {
        case .percent(let basisPoints):
            amount = min(percent(basisPoints, of: base), voucher.maxDiscount ?? .max)
        case .fixed(let fixed):
            amount = fixed
        }
        return min(amount, base)
    }

    /// `base × basisPoints ÷ 10 000`, rounded half up, without overflow for any non-negative `base`.
    static func percent(_ basisPoints: Int64, of base: Int64) -> Int64 {
        let (whole, rest) = base.quotientAndRemainder(dividingBy: 10_000)
        return whole * basisPoints + (rest * basisPoints + 5_000) / 10_000
    }

    /// Splits `amount` over lines in proportion to `weights` by largest remainder: each line gets the floor of its
    /// exact share, and the units left over go to the largest remainders, ties to the earlier line.
    ///
    /// The parts add up to `amount`, and none exceeds its weight when `amount` is at most the weights' sum.
    static func allocate(_ amount: Int64, over weights: [Int64]) -> [Int64] {
        let total = weights.reduce(0, +)
        guard total > 0 else { return weights.map { _ in 0 } }
        precondition((0...total).contains(amount), "a discount of \(amount) cannot be spread over \(total)")
        let shares = weights.map { weight in
            total.dividingFullWidth(amount.multipliedFullWidth(by: weight))
        }
        var parts = shares.map(\.quotient)
        let leftover = Int(amount - parts.reduce(0, +))
        let order = shares.indices.sorted {
            shares[$0].remainder > shares[$1].remainder || (shares[$0].remainder == shares[$1].remainder && $0 < $1)
        }
        for index in order.prefix(leftover) { parts[index] += 1 }
        return parts
    }
}
