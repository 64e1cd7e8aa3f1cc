/// The JSON layout of one `tax-ca-YYYY.json` file, decoded before validation. Keys are the file's snake_case
/// names; keys not listed here (sources, notes, reference tables) are documentation and are ignored.
struct TaxDataFile: Decodable {
    let schemaVersion: Int
    let taxYear: Int
    let federal: Federal
    let oasRecovery: OASRecovery
    let rrsp: RRSP
    let capitalGains: CapitalGains
    let payroll: Payroll
    let provinces: [String: Province]

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case taxYear = "tax_year"
        case federal
        case oasRecovery = "oas_recovery"
        case rrsp
        case capitalGains = "capital_gains"
        case payroll, provinces
    }

    struct Bracket: Decodable {
        let upTo: FixedDecimal?
        let rate: FixedDecimal
        enum CodingKeys: String, CodingKey {
            case upTo = "up_to"
            case rate
        }
    }

    /// A basic personal amount: a plain number, or an object with a phase-out.
    struct BasicAmount: Decodable {
        let max: FixedDecimal
        let min: FixedDecimal?
        let phaseOutStart: FixedDecimal?
        let phaseOutEnd: FixedDecimal?
        enum CodingKeys: String, CodingKey {
            case max, min
            case phaseOutStart = "phase_out_start"
            case phaseOutEnd = "phase_out_end"
        }

        init(from decoder: any Decoder) throws {
            if let flat = try? decoder.singleValueContainer().decode(FixedDecimal.self) {
                (max, min, phaseOutStart, phaseOutEnd) = (flat, nil, nil, nil)
                return
            }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            max = try container.decode(FixedDecimal.self, forKey: .max)
            min = try container.decodeIfPresent(FixedDecimal.self, forKey: .min)
            phaseOutStart = try container.decodeIfPresent(FixedDecimal.self, forKey: .phaseOutStart)
            phaseOutEnd = try container.decodeIfPresent(FixedDecimal.self, forKey: .phaseOutEnd)
        }
    }

    struct AgeAmount: Decodable {
        let max: FixedDecimal
        let threshold: FixedDecimal
        let reductionRate: FixedDecimal
        enum CodingKeys: String, CodingKey {
            case max, threshold
            case reductionRate = "reduction_rate"
        }
    }

    struct DividendPair: Decodable {
        let grossUp: FixedDecimal
        let dtcRateOfGrossedUp: FixedDecimal
        enum CodingKeys: String, CodingKey {
            case grossUp = "gross_up"
            case dtcRateOfGrossedUp = "dtc_rate_of_grossed_up"
        }
    }

    struct Federal: Decodable {
        let brackets: [Bracket]
        let creditRate: FixedDecimal
        let bpa: BasicAmount
        let canadaEmploymentAmount: FixedDecimal
        let ageAmount: AgeAmount
        let pensionIncomeAmountMax: FixedDecimal
        let topUpCredit: TopUpCredit?
        let quebecAbatementRate: FixedDecimal
        let dividends: Dividends
        let foreignTaxCredit: ForeignTaxCredit
        let verified: Verification?

        enum CodingKeys: String, CodingKey {
            case brackets
            case creditRate = "credit_rate"
            case bpa
            case canadaEmploymentAmount = "canada_employment_amount"
            case ageAmount = "age_amount"
            case pensionIncomeAmountMax = "pension_income_amount_max"
            case topUpCredit = "top_up_credit"
            case quebecAbatementRate = "quebec_abatement_rate"
            case dividends
            case foreignTaxCredit = "foreign_tax_credit"
            case verified
        }

        struct TopUpCredit: Decodable {
            let rate: FixedDecimal
            let verified: Verification?
        }

        struct Dividends: Decodable {
            let eligible: DividendPair
            let nonEligible: DividendPair
            enum CodingKeys: String, CodingKey {
                case eligible
                case nonEligible = "non_eligible"
            }
        }

        struct ForeignTaxCredit: Decodable {
            let propertyIncomeCap: FixedDecimal
            enum CodingKeys: String, CodingKey { case propertyIncomeCap = "property_income_cap" }
        }
    }

    struct OASRecovery: Decodable {
        let threshold: FixedDecimal
        let rate: FixedDecimal
        let verified: Verification?
    }

    struct RRSP: Decodable {
        let dollarLimit: FixedDecimal
        let earnedIncomeRate: FixedDecimal
        enum CodingKeys: String, CodingKey {
            case dollarLimit = "dollar_limit"
            case earnedIncomeRate = "earned_income_rate"
        }
    }

    struct CapitalGains: Decodable {
        let inclusionRate: FixedDecimal
        enum CodingKeys: String, CodingKey { case inclusionRate = "inclusion_rate" }
    }

    struct Payroll: Decodable {
        let cpp: CPP
        let qpp: QPP
        let ei: EI
        let qpip: Insurance

        struct CPP: Decodable {
            let ympe: FixedDecimal
            let basicExemption: FixedDecimal
            let employeeRate: FixedDecimal
            let baseRate: FixedDecimal
            let yampe: FixedDecimal
            let cpp2Rate: FixedDecimal
            enum CodingKeys: String, CodingKey {
                case ympe
                case basicExemption = "basic_exemption"
                case employeeRate = "employee_rate"
                case baseRate = "base_rate"
                case yampe
                case cpp2Rate = "cpp2_rate"
            }
        }

        struct QPP: Decodable {
            let employeeRate: FixedDecimal
            let baseRate: FixedDecimal
            let qpp2Rate: FixedDecimal
            enum CodingKeys: String, CodingKey {
                case employeeRate = "employee_rate"
                case baseRate = "base_rate"
                case qpp2Rate = "qpp2_rate"
            }
        }

        struct EI: Decodable {
            let rate: FixedDecimal
            let maxInsurable: FixedDecimal
            let quebecRate: FixedDecimal
            enum CodingKeys: String, CodingKey {
                case rate
                case maxInsurable = "max_insurable"
                case quebecRate = "quebec_rate"
            }
        }

        struct Insurance: Decodable {
            let rate: FixedDecimal
            let maxInsurable: FixedDecimal
            enum CodingKeys: String, CodingKey {
                case rate
                case maxInsurable = "max_insurable"
            }
        }
    }

    struct Province: Decodable {
        let brackets: [Bracket]
        let creditRate: FixedDecimal
        let bpa: BasicAmount
        let canadaEmploymentAmount: FixedDecimal?
        let ageAmount: AgeAmount?
        let pensionIncomeAmountMax: FixedDecimal?
        let contributionCredits: Bool?
        let supplementalCredit: Supplemental?
        let surtax: Surtax?
        let taxReduction: Reduction?
        let lowIncomeTaxReduction: Reduction?
        let liftCredit: Lift?
        let healthPremium: HealthPremium?
        let dividendTaxCredit: DividendCredit
        let verified: Verification?

        enum CodingKeys: String, CodingKey {
            case brackets
            case creditRate = "credit_rate"
            case bpa
            case canadaEmploymentAmount = "canada_employment_amount"
            case ageAmount = "age_amount"
            case pensionIncomeAmountMax = "pension_income_amount_max"
            case contributionCredits = "contribution_credits"
            case supplementalCredit = "supplemental_credit"
            case surtax
            case taxReduction = "tax_reduction"
            case lowIncomeTaxReduction = "low_income_tax_reduction"
            case liftCredit = "lift_credit"
            case healthPremium = "health_premium"
            case dividendTaxCredit = "dividend_tax_credit"
            case verified
        }

        struct Supplemental: Decodable {
            let rate: FixedDecimal
            let over: FixedDecimal
        }

        struct Surtax: Decodable {
            let tiers: [Tier]
            let verified: Verification?
            struct Tier: Decodable {
                let over: FixedDecimal
                let rate: FixedDecimal
            }
        }

        /// Either `{max, threshold, rate}`, `{basic}` (Ontario), or `{encoded: false}` (known but not modelled).
        struct Reduction: Decodable {
            let max: FixedDecimal?
            let threshold: FixedDecimal?
            let rate: FixedDecimal?
            let basic: FixedDecimal?
            let encoded: Bool?
            let verified: Verification?
        }

        struct Lift: Decodable {
            let max: FixedDecimal
            let rateOfEmploymentIncome: FixedDecimal
            let thresholdIndividual: FixedDecimal
            let reductionRate: FixedDecimal
            let verified: Verification?
            enum CodingKeys: String, CodingKey {
                case max
                case rateOfEmploymentIncome = "rate_of_employment_income"
                case thresholdIndividual = "threshold_individual"
                case reductionRate = "reduction_rate"
                case verified
            }
        }

        struct HealthPremium: Decodable {
            let schedule: [Tier]
            let verified: Verification?
            struct Tier: Decodable {
                let over: FixedDecimal
                let rate: FixedDecimal
                let base: FixedDecimal
                let cap: FixedDecimal
            }
        }

        struct DividendCredit: Decodable {
            let eligibleRateOfGrossedUp: FixedDecimal
            let nonEligibleRateOfGrossedUp: FixedDecimal
            let verified: Verification?
            enum CodingKeys: String, CodingKey {
                case eligibleRateOfGrossedUp = "eligible_rate_of_grossed_up"
                case nonEligibleRateOfGrossedUp = "non_eligible_rate_of_grossed_up"
                case verified
            }
        }
    }

    /// A `verified` flag: `true`, `false`, or a word such as `"partly"` or `"proposed"`.
    struct Verification: Decodable {
        /// `nil` when verified; otherwise the caveat (`"unverified"`, `"partly verified"`, `"proposed"`).
        let caveat: String?

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) {
                caveat = flag ? nil : "unverified"
            } else {
                let word = try container.decode(String.self)
                caveat = word == "partly" ? "partly verified" : word
            }
        }
    }
}
