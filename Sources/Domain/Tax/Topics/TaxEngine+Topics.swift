extension TaxEngine {
    /// Answers a topic: applies the change to the situation, estimates both, and explains the difference.
    /// - Throws: ``TaxError`` for an unknown topic, a negative amount, foreign tax above the amount, or bad
    ///   situation input (fields are reported with their request paths, e.g. `income.employment`).
    public func topic(_ request: TaxTopicRequest) throws -> TaxTopicResult {
        guard let topic = TaxTopics.topic(request.topic) else {
            let known = TaxTopics.all.map(\.id).joined(separator: ", ")
            throw TaxError(.unknownTopic, "unknown topic \"\(request.topic)\"; use one of \(known)", field: "topic")
        }
        try TaxInput.checkAmount(request.amount, field: "amount")
        try TaxInput.checkAmount(request.foreignTaxPaid, field: "foreignTaxPaid")
        if request.foreignTaxPaid > request.amount {
            throw TaxError(
                .invalidArgument,
                "foreign tax paid cannot exceed the foreign income",
                field: "foreignTaxPaid"
            )
        }
        let before = try estimate(request.situation)
        let after = try estimate(changed(request, topic: topic.id))
        let change = after.total - before.total
        var builder = BreakdownBuilder()
        let summary = explain(topic.id, request: request, before: before, after: after, into: &builder)
        return TaxTopicResult(
            topic: topic,
            before: before,
            after: after,
            taxChange: change,
            summary: summary,
            breakdown: builder.rows
        )
    }

    private func changed(_ request: TaxTopicRequest, topic: String) -> TaxInput {
        var input = request.situation
        switch topic {
        case "rrsp": input.deductions.rrsp += request.amount
        case "interest": input.income.interest += request.amount
        case "dividend" where request.dividendKind == .eligible: input.income.eligibleDividends += request.amount
        case "dividend": input.income.nonEligibleDividends += request.amount
        case "foreign":
            input.income.foreign += request.amount
            input.income.foreignTaxPaid += request.foreignTaxPaid
        case "oas": input.income.oas += request.amount
        case "employment": input.income.employment += request.amount
        case "deductions": input.deductions.other += request.amount
        default: break
        }
        return input
    }
}
