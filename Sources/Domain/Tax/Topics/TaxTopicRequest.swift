/// A topic question: the person's situation and the change to look at.
public struct TaxTopicRequest: Sendable, Hashable {
    /// Which kind of dividend the `dividend` topic adds.
    public enum DividendKind: String, Sendable, Hashable, CaseIterable {
        case eligible, nonEligible
    }

    /// The topic's id (`rrsp`, `interest`, `dividend`, `foreign`, `oas`, `employment`, `credits`, `deductions`).
    public var topic: String
    /// The situation before the change.
    public var situation: TaxInput
    /// The change: contribution, extra income or deduction (see ``TaxTopic/amountMeaning``).
    public var amount: FixedDecimal
    /// Foreign tax withheld on `amount`, for the `foreign` topic.
    public var foreignTaxPaid: FixedDecimal
    /// For the `dividend` topic.
    public var dividendKind: DividendKind

    public init(
        topic: String,
        situation: TaxInput,
        amount: FixedDecimal = .zero,
        foreignTaxPaid: FixedDecimal = .zero,
        dividendKind: DividendKind = .eligible
    ) {
        self.topic = topic
        self.situation = situation
        self.amount = amount
        self.foreignTaxPaid = foreignTaxPaid
        self.dividendKind = dividendKind
    }
}

/// A topic's answer: the estimates before and after the change and the rows that explain the difference.
public struct TaxTopicResult: Sendable, Hashable {
    public let topic: TaxTopic
    public let before: TaxEstimate
    public let after: TaxEstimate
    /// `after.total − before.total` (negative when the change saves tax).
    public let taxChange: FixedDecimal
    /// One sentence with the answer, e.g. "A $10,000.00 RRSP contribution saves $3,148.00 of tax."
    public let summary: String
    public let breakdown: [TaxBreakdownRow]
}
