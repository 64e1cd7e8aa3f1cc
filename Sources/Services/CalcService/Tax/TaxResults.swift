import Wire
import Tax

/// Money travels as a decimal string with two decimals (`"15960.74"`), rates as decimal fractions (`"0.2965"`).
private func money(_ value: FixedDecimal) -> String { value.plainText(places: 2) }

/// One `breakdown` row in a reply.
struct TaxRowResult: JSONWritable, Sendable {
    let label: String
    let detail: String
    let amount: String

    init(_ row: TaxBreakdownRow) {
        label = row.label
        detail = row.detail
        amount = money(row.amount)
    }

    func writeJSON(to writer: inout JSONWriter) {
        writer.object { members in
            members.member("amount", amount)
            members.member("detail", detail)
            members.member("label", label)
        }
    }
}

/// One `chart` slice in a reply.
struct TaxChartResult: JSONWritable, Sendable {
    let label: String
    let value: String

    func writeJSON(to writer: inout JSONWriter) {
        writer.object { members in
            members.member("label", label)
            members.member("value", value)
        }
    }
}

/// The `tax.estimate` result (API.md), plus payroll, RRSP and the applied reductions. It writes its own JSON: with
/// some 40 breakdown rows, `Codable` took most of the op's time.
struct TaxEstimateResult: JSONWritable, Sendable {
    let year: Int
    let province: String
    let provinceName: String
    let federal: String
    let provincial: String
    let oasRecovery: String
    let total: String
    let totalIncome: String
    let netIncome: String
    let taxableIncome: String
    let averageRate: String
    let marginalRate: String
    let pensionContributions: String
    let insurancePremiums: String
    let rrspDeduction: String
    let rrspRoom: String
    let breakdown: [TaxRowResult]
    let chart: [TaxChartResult]
    let reductionsApplied: [String]
    let warnings: [String]

    init(_ estimate: TaxEstimate) {
        year = estimate.year
        province = estimate.jurisdiction.rawValue
        provinceName = estimate.jurisdiction.name
        federal = money(estimate.federal)
        provincial = money(estimate.provincial)
        oasRecovery = money(estimate.oasRecovery)
        total = money(estimate.total)
        totalIncome = money(estimate.totalIncome)
        netIncome = money(estimate.netIncome)
        taxableIncome = money(estimate.taxableIncome)
        averageRate = estimate.averageRate.description
        marginalRate = estimate.marginalRate.description
        pensionContributions = money(estimate.pensionContributions)
        insurancePremiums = money(estimate.insurancePremiums)
        rrspDeduction = money(estimate.rrspDeduction)
        rrspRoom = money(estimate.rrspRoom)
        breakdown = estimate.breakdown.map(TaxRowResult.init)
        chart = estimate.chart.map { TaxChartResult(label: $0.label, value: money($0.value)) }
        reductionsApplied = estimate.reductionsApplied
        warnings = estimate.warnings
    }

    func writeJSON(to writer: inout JSONWriter) {
        writer.object { members in
            members.member("averageRate", averageRate)
            members.member("breakdown", breakdown)
            members.member("chart", chart)
            members.member("federal", federal)
            members.member("insurancePremiums", insurancePremiums)
            members.member("marginalRate", marginalRate)
            members.member("netIncome", netIncome)
            members.member("oasRecovery", oasRecovery)
            members.member("pensionContributions", pensionContributions)
            members.member("province", province)
            members.member("provinceName", provinceName)
            members.member("provincial", provincial)
            members.member("reductionsApplied", reductionsApplied)
            members.member("rrspDeduction", rrspDeduction)
            members.member("rrspRoom", rrspRoom)
            members.member("taxableIncome", taxableIncome)
            members.member("total", total)
            members.member("totalIncome", totalIncome)
            members.member("warnings", warnings)
            members.member("year", year)
        }
    }
}

/// A topic's texts, in `tax.topics` and `tax.topic` replies.
struct TaxTopicText: Encodable, Sendable {
    let id: String
    let title: String
    let definition: String
    let instruction: String
    let tip: String
    let amount: String?

    init(_ topic: TaxTopic) {
        id = topic.id
        title = topic.title
        definition = topic.definition
        instruction = topic.instruction
        tip = topic.tip
        amount = topic.amountMeaning
    }
}

/// The `tax.topics` result.
struct TaxTopicsResult: Encodable, Sendable {
    let topics: [TaxTopicText]
}

/// The `tax.topic` result: the texts, the answer, and the estimates before and after the change.
struct TaxTopicResultBody: Encodable, Sendable {
    let topic: TaxTopicText
    let summary: String
    let taxChange: String
    let breakdown: [TaxRowResult]
    let before: TaxEstimateResult
    let after: TaxEstimateResult

    init(_ result: TaxTopicResult) {
        topic = TaxTopicText(result.topic)
        summary = result.summary
        taxChange = money(result.taxChange)
        breakdown = result.breakdown.map(TaxRowResult.init)
        before = TaxEstimateResult(result.before)
        after = TaxEstimateResult(result.after)
    }
}

/// The `tax.jurisdictions` result.
struct TaxJurisdictionsResult: Encodable, Sendable {
    struct Entry: Encodable, Sendable {
        let code: String
        let name: String
        let territory: Bool
    }

    let years: [Int]
    let defaultYear: Int
    let jurisdictions: [Entry]
}
