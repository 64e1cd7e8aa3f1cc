extension TaxInput {
    /// The largest amount accepted, a trillion dollars, so no product can overflow.
    static let maximumAmount = FixedDecimal(1_000_000_000_000)

    /// Checks the input against `tables` and returns the year's rules and the jurisdiction.
    /// - Throws: ``TaxError`` naming the first field at fault.
    func validated(against tables: TaxTables) throws -> (TaxYearRules, Jurisdiction) {
        let year = self.year ?? tables.latestYear
        guard let rules = tables.years[year] else {
            let known = tables.availableYears.map(String.init).joined(separator: ", ")
            throw TaxError(.yearNotAvailable, "no tax data for \(year); years available: \(known)", field: "year")
        }
        guard let jurisdiction = Jurisdiction(rawValue: province.uppercased()) else {
            let known = Jurisdiction.allCases.map(\.rawValue).joined(separator: ", ")
            throw TaxError(
                .unknownJurisdiction,
                "unknown province or territory \"\(province)\"; use one of \(known)",
                field: "province"
            )
        }
        for (value, field) in amounts {
            try Self.checkAmount(value, field: field)
        }
        if let room = deductions.rrspRoom { try Self.checkAmount(room, field: "deductions.rrspRoom") }
        if income.foreignTaxPaid > income.foreign {
            throw TaxError(
                .invalidArgument,
                "foreign tax paid cannot exceed the foreign income",
                field: "income.foreignTaxPaid"
            )
        }
        if let age, !(0...130).contains(age) {
            throw TaxError(.invalidArgument, "age must be between 0 and 130", field: "age")
        }
        return (rules, jurisdiction)
    }

    /// Checks one amount: not negative, whole cents, at most a trillion.
    /// - Throws: ``TaxError`` with `field`.
    static func checkAmount(_ value: FixedDecimal, field: String) throws {
        guard value >= .zero else { throw TaxError(.invalidArgument, "must not be negative", field: field) }
        guard value.fractionalDigits <= 2 else {
            throw TaxError(.invalidArgument, "must be in dollars and cents (two decimals at most)", field: field)
        }
        guard value <= maximumAmount else {
            throw TaxError(.invalidArgument, "must be at most 1,000,000,000,000", field: field)
        }
    }

    private var amounts: [(FixedDecimal, String)] {
        [
            (income.employment, "income.employment"), (income.selfEmployment, "income.selfEmployment"),
            (income.interest, "income.interest"), (income.eligibleDividends, "income.eligibleDividends"),
            (income.nonEligibleDividends, "income.nonEligibleDividends"), (income.foreign, "income.foreign"),
            (income.foreignTaxPaid, "income.foreignTaxPaid"), (income.capitalGains, "income.capitalGains"),
            (income.oas, "income.oas"), (income.pension, "income.pension"), (income.other, "income.other"),
            (deductions.rrsp, "deductions.rrsp"), (deductions.other, "deductions.other"),
        ]
    }
}
