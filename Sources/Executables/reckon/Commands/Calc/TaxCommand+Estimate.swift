import ArgumentParser
import CalcAPI
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
            let result = try await client.call(TaxEstimateOp.self, situation.situation, token: situation.token)
            try client.print(typed: result, text: TaxRendering.estimate)
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
            let args = TaxTopicOp.Args(
                topic: "rrsp",
                amount: NumberText(contribution),
                situation: situation.situation
            )
            let result = try await client.call(TaxTopicOp.self, args, token: situation.token)
            try client.print(typed: result) { result in
                [TaxRendering.breakdown(result.breakdown), "", result.summary].joined(separator: "\n")
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
            let result = try await client.call(TaxTopicsOp.self, .init(query: query.joined(separator: " ")))
            try client.print(typed: result) { result in
                result.topics.map { topic in
                    "\(topic.title) (\(topic.id))\n  \(topic.definition)\n  How: \(topic.instruction)\n  Tip: \(topic.tip)"
                }.joined(separator: "\n\n")
            }
        }
    }
}
