/// What a person enters: the year, where they lived on December 31, their income and their deductions.
///
/// Amounts are dollars with at most two decimals. Dividends are the amounts actually received (the engine adds
/// the gross-up); capital gains are the whole gain (the engine applies the inclusion rate).
public struct TaxInput: Sendable, Hashable {
    /// Income for the year, by kind.
    public struct Income: Sendable, Hashable {
        public var employment: FixedDecimal = .zero
        /// Net self-employment income. CPP on it is not computed.
        public var selfEmployment: FixedDecimal = .zero
        public var interest: FixedDecimal = .zero
        public var eligibleDividends: FixedDecimal = .zero
        public var nonEligibleDividends: FixedDecimal = .zero
        /// Foreign non-business (property) income, in Canadian dollars.
        public var foreign: FixedDecimal = .zero
        /// Foreign tax withheld on `foreign`, in Canadian dollars.
        public var foreignTaxPaid: FixedDecimal = .zero
        public var capitalGains: FixedDecimal = .zero
        /// Old Age Security pension received.
        public var oas: FixedDecimal = .zero
        /// Pension income eligible for the pension income amount.
        public var pension: FixedDecimal = .zero
        public var other: FixedDecimal = .zero

        public init() {}
    }

    /// Deductions from total income.
    public struct Deductions: Sendable, Hashable {
        /// RRSP contributions to deduct this year.
        public var rrsp: FixedDecimal = .zero
        /// Deduction room from the notice of assessment; when `nil`, the engine uses
        /// `min(18% × this year's earned income, the dollar limit)` as a stand-in for last year's.
        public var rrspRoom: FixedDecimal?
        /// Any other deductions (union dues, child care, ...).
        public var other: FixedDecimal = .zero

        public init() {}
    }

    /// The tax year; `nil` means the latest year with data.
    public var year: Int?
    /// Two-letter code of the province or territory of residence on December 31 (case-insensitive).
    public var province: String
    public var income = Income()
    public var deductions = Deductions()
    /// Age on December 31, for the age amount. When `nil`, someone receiving OAS counts as 65 or older.
    public var age: Int?

    public init(
        year: Int? = nil,
        province: String,
        income: Income = Income(),
        deductions: Deductions = Deductions(),
        age: Int? = nil
    ) {
        self.year = year
        self.province = province
        self.income = income
        self.deductions = deductions
        self.age = age
    }
}
