import ArgumentParser

/// `reckon tax`: Canadian income tax estimates and what-ifs from the `calc` service.
struct TaxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tax",
        abstract: "Estimate Canadian income tax, step by step, and see what an RRSP contribution changes.",
        discussion: "Example: reckon tax --income 85000 --province ON --year 2026",
        subcommands: [Estimate.self, RRSP.self, Topics.self],
        defaultSubcommand: Estimate.self
    )
}
