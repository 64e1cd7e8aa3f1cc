import ArgumentParser
import CalcAPI

/// `reckon convert 5 mi km`: converts a value between units.
struct ConvertCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert between units with exact factors (length, mass, volume, temperature, data, ...).",
        discussion: "Examples: reckon convert 5 mi km; reckon convert 98.6 °F °C; reckon convert --list length"
    )

    @Argument(help: "VALUE FROM TO, e.g. 5 mi km (quote units with spaces: \"US gal\").")
    var words: [String] = []

    @Option(help: "List the units of a category (or 'all') instead of converting.")
    var list: String?

    @Option(help: "Significant digits for results that are not exact decimals.")
    var digits = 15

    @OptionGroup var client: ClientOptions

    func validate() throws {
        if list == nil && words.count != 3 { throw ValidationError("give VALUE FROM TO, e.g. 5 mi km") }
    }

    func run() async throws {
        if let list {
            let result = try await client.call(UnitsOp.self, .init(category: list == "all" ? nil : list))
            try client.print(typed: result) { result in
                let rows = result.units.map { [$0.symbol, $0.name, $0.category, $0.definition] }
                return TextTable(headers: ["Symbol", "Name", "Category", "In base units"], rows: rows).render()
            }
            return
        }
        let args = ConvertOp.Args(value: NumberText(words[0]), from: words[1], to: words[2], digits: digits)
        let result = try await client.call(ConvertOp.self, args)
        try client.print(typed: result) { result in
            var text = "\(words[0]) \(result.from.symbol) = \(result.value) \(result.to.symbol)"
            if let form = result.exactForm { text += "\n(exactly \(form))" }
            return text
        }
    }
}
