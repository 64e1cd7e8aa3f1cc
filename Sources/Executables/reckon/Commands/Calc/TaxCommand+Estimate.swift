import ArgumentParser
import Wire

extension TaxCommand {
    /// `reckon tax [estimate] --income 85000 --province ON [--year 2026]`.
    struct Estimate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Estimate federal and provincial tax and print the step-by-step breakdown."
        )

        @OptionGroup var situation: TaxSituationOptions
        @OptionGroup var client: ClientOptions

        func run() async throws {
            let result = try await client.call(
                service: "calc",
                op: "tax.estimate",
                args: .object(situation.args),
                token: situation.token
            )
            client.print(result, text: TaxRendering.estimate)
        }
    }

    /// `reckon tax rrsp --income 85000 --province BC --contribution 10000`.
    struct RRSP: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rrsp",
            abstract: "Show the tax an RRSP contribution saves."
        )

        @Option(help: "The RRSP contribution.")
        var contribution: String

        @OptionGroup var situation: TaxSituationOptions
        @OptionGroup var client: ClientOptions

        func run() async throws {
            var args = situation.args
            args["topic"] = "rrsp"
            args["amount"] = .string(contribution)
            let result = try await client.call(
                service: "calc",
                op: "tax.topic",
                args: .object(args),
                token: situation.token
            )
            client.print(result) { result in
                [TaxRendering.breakdown(result["breakdown"]), "", result["summary"]?.stringValue ?? ""]
                    .joined(separator: "\n")
            }
        }
    }

    /// `reckon tax topics [query]`.
    struct Topics: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List tax topics, or search them by words."
        )

        @Argument(help: "Words to search for.")
        var query: [String] = []

        @OptionGroup var client: ClientOptions

        func run() async throws {
            let args: JSONValue = ["query": .string(query.joined(separator: " "))]
            let result = try await client.call(service: "calc", op: "tax.topics", args: args)
            client.print(result) { result in
                (result["topics"]?.arrayValue ?? []).map { topic in
                    let field = { (key: String) in topic[key]?.stringValue ?? "" }
                    return "\(field("title")) (\(field("id")))\n  \(field("definition"))\n  How: "
                        + "\(field("instruction"))\n  Tip: \(field("tip"))"
                }.joined(separator: "\n\n")
            }
        }
    }
}
