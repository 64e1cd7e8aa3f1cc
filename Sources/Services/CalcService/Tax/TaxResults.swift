import CalcAPI
import Tax
import Wire

/// Money travels as a decimal string with two decimals (`"15960.74"`), rates as decimal fractions (`"0.2965"`).
private func money(_ value: FixedDecimal) -> String { value.plainText(places: 2) }

extension TaxRow {
    init(_ row: TaxBreakdownRow) {
        self.init(label: row.label, detail: row.detail, amount: money(row.amount))
    }
}

extension TaxEstimateOp.Result {
    init(_ estimate: TaxEstimate) {
        self.init()
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
        breakdown = estimate.breakdown.map(TaxRow.init)
        chart = estimate.chart.map { TaxChartSlice(label: $0.label, value: money($0.value)) }
        reductionsApplied = estimate.reductionsApplied
        warnings = estimate.warnings
    }
}

extension TaxTopicText {
    init(_ topic: TaxTopic) {
        self.init(
            id: topic.id,
            title: topic.title,
            definition: topic.definition,
            instruction: topic.instruction,
            tip: topic.tip,
            amount: topic.amountMeaning
        )
    }
}

extension TaxTopicOp.Result {
    init(_ result: TaxTopicResult) {
        self.init(
            topic: TaxTopicText(result.topic),
            summary: result.summary,
            taxChange: money(result.taxChange),
            breakdown: result.breakdown.map(TaxRow.init),
            before: TaxEstimateOp.Result(result.before),
            after: TaxEstimateOp.Result(result.after)
        )
    }
}
