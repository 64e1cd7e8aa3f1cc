/// Checks figures of one file and builds errors whose field paths start at `prefix`.
struct FieldChecker {
    let file: String
    var prefix = ""

    func nested(_ path: String) -> FieldChecker {
        FieldChecker(file: file, prefix: join(path))
    }

    func error(_ field: String, _ message: String) -> TaxDataError {
        TaxDataError(file: file, field: join(field), message: message)
    }

    private func join(_ field: String) -> String {
        prefix.isEmpty ? field : "\(prefix).\(field)"
    }

    /// A rate between 0 and 1.
    func rate(_ value: FixedDecimal, _ field: String) throws -> FixedDecimal {
        guard value >= .zero, value <= .one else { throw error(field, "must be between 0 and 1, not \(value)") }
        return value
    }

    /// A dollar amount between 0 and a billion, in cents at most.
    func amount(_ value: FixedDecimal, _ field: String) throws -> FixedDecimal {
        guard value >= .zero, value <= FixedDecimal(1_000_000_000) else {
            throw error(field, "must be an amount between 0 and 1,000,000,000, not \(value)")
        }
        guard value.fractionalDigits <= 2 else { throw error(field, "must be in whole cents, not \(value)") }
        return value
    }

    func brackets(_ rows: [TaxDataFile.Bracket], _ field: String) throws -> TaxBrackets {
        guard !rows.isEmpty else { throw error(field, "needs at least one bracket") }
        var lower = FixedDecimal.zero
        var bands: [TaxBrackets.Band] = []
        for (index, row) in rows.enumerated() {
            let rate = try rate(row.rate, "\(field)[\(index)].rate")
            let isLast = index == rows.count - 1
            switch (row.upTo, isLast) {
            case (nil, false):
                throw error("\(field)[\(index)].up_to", "only the last bracket may be open-ended (null)")
            case (let bound?, true):
                throw error("\(field)[\(index)].up_to", "the last bracket must be open-ended (null), not \(bound)")
            case (let bound?, false):
                guard try amount(bound, "\(field)[\(index)].up_to") > lower else {
                    throw error("\(field)[\(index)].up_to", "must be above the previous bracket's bound")
                }
                lower = bound
            case (nil, true):
                break
            }
            bands.append(.init(upTo: row.upTo, rate: rate))
        }
        return TaxBrackets(bands: bands)
    }

    func basicAmount(_ value: TaxDataFile.BasicAmount, _ field: String) throws -> PhasedAmount {
        let maximum = try amount(value.max, "\(field).max")
        let minimum = try value.min.map { try amount($0, "\(field).min") } ?? maximum
        guard minimum <= maximum else { throw error("\(field).min", "must not exceed max") }
        switch (value.phaseOutStart, value.phaseOutEnd) {
        case (nil, nil):
            guard minimum == maximum else { throw error("\(field).phase_out_start", "required when min < max") }
            return PhasedAmount(flat: maximum)
        case (let start?, let end?):
            guard try amount(start, "\(field).phase_out_start") < amount(end, "\(field).phase_out_end") else {
                throw error("\(field).phase_out_end", "must be above phase_out_start")
            }
            return PhasedAmount(maximum: maximum, minimum: minimum, phaseOut: (start, end))
        default:
            throw error("\(field).phase_out_end", "phase_out_start and phase_out_end go together")
        }
    }

    func ageAmount(_ value: TaxDataFile.AgeAmount, _ field: String) throws -> IncomeTestedAmount {
        IncomeTestedAmount(
            maximum: try amount(value.max, "\(field).max"),
            threshold: try amount(value.threshold, "\(field).threshold"),
            reductionRate: try rate(value.reductionRate, "\(field).reduction_rate")
        )
    }
}
