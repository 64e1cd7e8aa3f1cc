import CalcAPI
import Tax
import Wire
import WorkerRuntime

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
        let inPlace: @Sendable (TaxSituation) -> Bool = { profiles == nil || $0.isComplete }
        registerInline(TaxJurisdictionsOp.self) { _, _ in
            TaxJurisdictionsOp.Result(
                years: tables.availableYears,
                defaultYear: tables.latestYear,
                jurisdictions: Jurisdiction.allCases.map {
                    .init(code: $0.rawValue, name: $0.name, territory: $0.isTerritory)
                }
            )
        }
        registerInline(TaxTopicsOp.self) { args, _ in
            TaxTopicsOp.Result(topics: TaxTopics.search(args.query ?? "").map(TaxTopicText.init))
        }
        registerInline(
            TaxEstimateOp.self,
            plan: { $0 },
            when: inPlace,
            middleware: defaults,
            handler: { args, _ in TaxEstimateOp.Result(try engine.estimate(args.input())) }
        )
        registerInline(
            TaxTopicOp.self,
            plan: { $0 },
            when: { args in inPlace(args.situation) },
            middleware: defaults,
            handler: { args, _ in TaxTopicOp.Result(try engine.topic(args.request())) }
        )
    }
}
