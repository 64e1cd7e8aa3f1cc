import ArgumentParser
import Wire

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
            let args: JSONValue = list == "all" ? [:] : ["category": .string(list)]
            let result = try await client.call(service: "calc", op: "units", args: args)
            client.print(result) { result in
                let rows = (result["units"]?.arrayValue ?? []).map { unit in
                    ["symbol", "name", "category", "definition"].map { unit[$0]?.stringValue ?? "" }
                }
                return TextTable(headers: ["Symbol", "Name", "Category", "In base units"], rows: rows).render()
            }
            return
        }
        let args: JSONValue = [
            "value": .string(words[0]), "from": .string(words[1]), "to": .string(words[2]),
            "digits": .number(String(digits)),
        ]
        let result = try await client.call(service: "calc", op: "convert", args: args)
        client.print(result) { result in
            let to = result["to"]?["symbol"]?.stringValue ?? words[2]
            let from = result["from"]?["symbol"]?.stringValue ?? words[1]
            var text = "\(words[0]) \(from) = \(result["value"]?.stringValue ?? "") \(to)"
            if let form = result["exactForm"]?.stringValue { text += "\n(exactly \(form))" }
            return text
        }
    }
}
