/// A progressive rate schedule: each band's rate applies to the part of income up to its upper bound.
public struct TaxBrackets: Sendable, Hashable {
    /// One band: `rate` applies to income above the previous band's bound and up to `upTo` (open when `nil`).
    public struct Band: Sendable, Hashable {
        public let upTo: FixedDecimal?
        public let rate: FixedDecimal

        public init(upTo: FixedDecimal?, rate: FixedDecimal) {
            self.upTo = upTo
            self.rate = rate
        }
    }

    /// The bands in increasing order; only the last is open-ended (checked when data is loaded).
    public let bands: [Band]

    public init(bands: [Band]) {
        precondition(!bands.isEmpty && bands.last?.upTo == nil, "the last band must be open-ended")
        self.bands = bands
    }

    /// The lowest rate, at which most non-refundable credits are computed.
    public var lowestRate: FixedDecimal { bands[0].rate }

    /// The upper bound of the first band.
    public var firstThreshold: FixedDecimal? { bands[0].upTo }

    /// Tax on `income` (zero for zero or negative income).
    public func tax(on income: FixedDecimal) -> FixedDecimal {
        var tax = FixedDecimal.zero
        for part in parts(of: income) { tax += part.amount * part.rate }
        return tax
    }

    /// The slices of `income` taxed at each rate, lowest first, skipping empty slices.
    public func parts(of income: FixedDecimal) -> [(amount: FixedDecimal, rate: FixedDecimal)] {
        var parts: [(amount: FixedDecimal, rate: FixedDecimal)] = []
        var lower = FixedDecimal.zero
        for band in bands where income > lower {
            let upper = band.upTo.map { min($0, income) } ?? income
            parts.append((upper - lower, band.rate))
            guard let bound = band.upTo else { break }
            lower = bound
        }
        return parts
    }
}
