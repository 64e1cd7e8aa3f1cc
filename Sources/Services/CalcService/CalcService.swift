import Calculator
import Ceiling
import Foundation
import Tax
import WorkerRuntime

/// The `calc` service: calculator, units, dates, finance, currency, Canadian tax and ceiling estimates.
public enum CalcService {
    /// The service name workers register.
    public static let name = "calc"

    /// Where the service's data comes from; every path is optional and falls back to the data shipped with Reckon.
    public struct Configuration: Sendable {
        /// - `ratesFile` (path, none): an ECB reference-rates file (CSV or XML) for `currency` and `rates`.
        public var ratesFile: String?
        /// - `taxDataDirectory` (path, bundled): a folder of `tax-ca-YEAR.json` files.
        public var taxDataDirectory: String?
        /// - `ceilingCatalogue` (path, bundled): a ceiling catalogue JSON file.
        public var ceilingCatalogue: String?
        /// - `profiles` (none): where tax ops look up the profile of a request's token for the fields it leaves out.
        public var profiles: (any TaxProfileSource)?

        public init(
            ratesFile: String? = nil,
            taxDataDirectory: String? = nil,
            ceilingCatalogue: String? = nil,
            profiles: (any TaxProfileSource)? = nil
        ) {
            self.ratesFile = ratesFile
            self.taxDataDirectory = taxDataDirectory
            self.ceilingCatalogue = ceilingCatalogue
            self.profiles = profiles
        }
    }

    /// Loads and validates every data file, then registers every op.
    /// - Throws: the loading error of the first bad data file, naming the file and field.
    public static func makeRegistry(configuration: Configuration) throws -> OpRegistry {
        var registry = OpRegistry()
        registry.registerCalculatorOps(rates: try configuration.ratesFile.map(RatesTable.load(path:)))
        let catalogue =
            try configuration.ceilingCatalogue.map { try CeilingCatalogue(contentsOf: URL(fileURLWithPath: $0)) }
            ?? CeilingCatalogue.bundled()
        registry.registerCeilingOps(catalogue: catalogue)
        let taxTables =
            try configuration.taxDataDirectory.map { try TaxTables.load(directory: URL(fileURLWithPath: $0)) }
            ?? TaxTables.bundled()
        registry.registerTaxOps(tables: taxTables, profiles: configuration.profiles)
        return registry
    }
}
