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
    /// here; the handlers never touch files.
    ///
    /// ```swift
    /// var registry = OpRegistry()
    /// registry.registerTaxOps(tables: try TaxTables.bundled())
    /// ```
    public mutating func registerTaxOps(tables: TaxTables) {
        let engine = TaxEngine(tables: tables)
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
            schema: TaxSchemas.estimate
        ) { (args: TaxEstimateArgs, _: OpContext) in
            TaxEstimateResult(try engine.estimate(args.input))
        }
        registerInline(
            "tax.topic",
            summary: "What an RRSP contribution, extra income or a deduction changes",
            schema: TaxSchemas.topic
        ) { (args: TaxTopicArgs, _: OpContext) in
            TaxTopicResultBody(try engine.topic(args.request()))
        }
    }
}
