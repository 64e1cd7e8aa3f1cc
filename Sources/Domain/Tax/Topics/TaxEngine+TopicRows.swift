extension TaxEngine {
    /// Writes the rows that explain a topic's change and returns its one-sentence answer.
    func explain(
        _ topic: String,
        request: TaxTopicRequest,
        before: TaxEstimate,
        after: TaxEstimate,
        into builder: inout BreakdownBuilder
    ) -> String {
        if topic == "credits" { return explainCredits(before, into: &builder) }
        let amount = request.amount
        let change = after.total - before.total
        let payrollChange =
            (after.pensionContributions + after.insurancePremiums)
            - (before.pensionContributions + before.insurancePremiums)
        builder.add(amountLabel(topic, request), "", amount, always: true)
        builder.add("Total tax before", "", before.total, always: true)
        builder.add("Total tax after", "", after.total, always: true)
        builder.add("Change in federal tax", "", after.federal - before.federal)
        builder.add("Change in \(before.jurisdiction.name) tax", "", after.provincial - before.provincial)
        builder.add("Change in OAS recovery tax", "", after.oasRecovery - before.oasRecovery)
        builder.add("Change in CPP/QPP and EI", "payroll contributions", payrollChange)
        builder.add("Change in total tax", share(change, of: amount), change, always: true)
        switch topic {
        case "rrsp", "deductions":
            let saved = -change
            builder.add("Tax saved", share(saved, of: amount), saved, always: true)
            if topic == "rrsp" {
                builder.add(
                    "RRSP deduction allowed",
                    "room \(after.rrspRoom.moneyText)",
                    after.rrspDeduction,
                    always: true
                )
                builder.add("Net cost of the contribution", "contribution − tax saved", amount - saved, always: true)
                return "A \(amount.moneyText) RRSP contribution saves \(saved.moneyText) of tax "
                    + "(\(share(saved, of: amount)))."
            }
            return "A \(amount.moneyText) deduction saves \(saved.moneyText) of tax (\(share(saved, of: amount)))."
        case "oas":
            let kept = amount - change
            builder.add("OAS recovery tax (clawback)", "total for the year", after.oasRecovery, always: true)
            builder.add("OAS kept after tax", share(kept, of: amount), kept, always: true)
            return "Of \(amount.moneyText) of OAS, \(after.oasRecovery.moneyText) is clawed back in all and the "
                + "total tax rises by \(change.moneyText); you keep \(kept.moneyText)."
        default:
            let foreignTax = topic == "foreign" ? request.foreignTaxPaid : .zero
            builder.subtract("Foreign tax withheld", "", foreignTax)
            let kept = amount - change - payrollChange - foreignTax
            builder.add("Kept after tax", share(kept, of: amount), kept, always: true)
            return "\(amount.moneyText) of \(amountLabel(topic, request).lowercased()) adds \(change.moneyText) of "
                + "tax; you keep \(kept.moneyText) (\(share(kept, of: amount)))."
        }
    }

    private func explainCredits(_ estimate: TaxEstimate, into builder: inout BreakdownBuilder) -> String {
        let words = ["credit", "reduction", "abatement"]
        var total = FixedDecimal.zero
        for row in estimate.breakdown where words.contains(where: { row.label.lowercased().contains($0) }) {
            builder.add(row.label, row.detail, row.amount)
            total -= row.amount
        }
        builder.add("Total credits and reductions", "", -total, always: true)
        return "Credits and reductions lower your \(estimate.year) tax by \(total.moneyText)."
    }

    private func amountLabel(_ topic: String, _ request: TaxTopicRequest) -> String {
        switch topic {
        case "rrsp": "RRSP contribution"
        case "interest": "Extra interest income"
        case "dividend": request.dividendKind == .eligible ? "Extra eligible dividends" : "Extra non-eligible dividends"
        case "foreign": "Extra foreign income"
        case "oas": "OAS pension"
        case "employment": "Extra employment income"
        default: "Extra deduction"
        }
    }

    /// `31.48% of the amount`, or empty for a zero amount.
    private func share(_ value: FixedDecimal, of amount: FixedDecimal) -> String {
        amount > .zero ? "\((value / amount).rounded(toPlaces: 4).percentText) of the amount" : ""
    }
}
