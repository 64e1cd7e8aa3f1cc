import Tax
import Wire
import WorkerRuntime

/// The topic ids, for schemas.
enum TaxTopicIDs {
    static let all = TaxTopics.all.map(\.id)
}

extension OpRegistry {
    /// Registers `tax.jurisdictions`, `tax.topics`, `tax.estimate` and `tax.topic` (API.md, docs/tax.md).
    ///
    /// Load the tables once at start (`try TaxTables.bundled()` or `try TaxTables.load(directory:)`) and pass them
    /// here; the handlers never touch files. With `profiles`, a request that carries a ledger token and leaves out
    /// its province or income takes them from that user's profile (looked up as a task, never in place).
    ///
    /// ```swift
    /// var registry = OpRegistry()
    /// registry.registerTaxOps(tables: try TaxTables.bundled())
    /// ```
    public mutating func registerTaxOps(tables: TaxTables, profiles: (any TaxProfileSource)? = nil) {
        let engine = TaxEngine(tables: tables)
        let defaults: [any OpMiddleware] = profiles.map { [TaxProfileMiddleware(source: $0)] } ?? []
        let inPlace: @Sendable (TaxEstimateArgs) -> Bool = { profiles == nil || $0.isComplete }
        registerInline(
            "tax.jurisdictions",
            summary: "Provinces, territories and tax years with data",
            schema: TaxSchemas.none
        ) { (_: NoTaxArgs, _: OpContext) in
            TaxJurisdictionsResult(
                years: tables.availableYears,
                defaultYear: tables.latestYear,
                jurisdictions: Jurisdiction.allCases.map {
                    .init(code: $0.rawValue, name: $0.name, territory: $0.isTerritory)
                }
            )
        }
        registerInline(
            "tax.topics",
            summary: "Tax topics with definition, instruction and tip; query searches them",
            schema: TaxSchemas.topics
        ) { (args: TaxTopicsArgs, _: OpContext) in
            TaxTopicsResult(topics: TaxTopics.search(args.query ?? "").map(TaxTopicText.init))
        }
        registerInline(
            "tax.estimate",
            summary: "Canadian income tax for a year and province, step by step",
            schema: TaxSchemas.estimate,
            when: inPlace,
            middleware: defaults
        ) { (args: TaxEstimateArgs, _: OpContext) in
            TaxEstimateResult(try engine.estimate(args.input()))
        }
        registerInline(
            "tax.topic",
            summary: "What an RRSP contribution, extra income or a deduction changes",
            schema: TaxSchemas.topic,
            when: { (args: TaxTopicArgs) in inPlace(args.situation) },
            middleware: defaults,
            handler: { (args: TaxTopicArgs, _: OpContext) in TaxTopicResultBody(try engine.topic(args.request())) }
        )
    }
}
