import ArgumentParser
import LedgerAPI

/// What a bill or payment in another currency is worth in the household's: a rate or the converted amount (else
/// the reference rate of its date).
struct GivenValueOptions: ParsableArguments {
    @Option(help: "Units of the household's currency per unit of the entry's, e.g. 0.0091 (else its date's rate).")
    var rate: String?

    @Option(help: "The amount in the household's currency, as a card statement shows it (else its date's rate).")
    var convertedAmount: String?

    func validate() throws {
        guard rate == nil || convertedAmount == nil else {
            throw ValidationError("give --rate or --converted-amount, not both")
        }
    }

    var given: GivenValue { GivenValue(rate: rate, convertedAmount: convertedAmount) }
}
