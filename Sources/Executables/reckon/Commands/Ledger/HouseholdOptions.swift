import ArgumentParser
import LedgerAPI
import Wire

/// The options of a command that acts on one household: `--household ID`, else the session's saved household,
/// else the caller's only household.
struct HouseholdOptions: ParsableArguments {
    @Option(help: "The household id (default: the one saved by `reckon household use`, or your only household).")
    var household: String?

    @OptionGroup var ledger: LedgerOptions

    /// The household to act on.
    /// - Throws: `LedgerCommandError` listing the caller's households when none is chosen and there is not
    ///   exactly one.
    func householdId() async throws -> String {
        try await choice().get()
    }

    /// The household to act on, or nil when none is chosen and there is not exactly one.
    func householdIdIfChosen() async throws -> String? {
        let choice = try await choice()
        return try? choice.get()
    }

    /// The chosen household's members.
    func members() async throws -> LedgerMembers {
        try await ledger.members(of: try await householdId())
    }

    /// The household given or saved, else the only one; a failure that lists them when that is not clear.
    private func choice() async throws -> Result<String, LedgerCommandError> {
        if let chosen = try household ?? ledger.session.household { return .success(chosen) }
        let households = try await ledger.call(HouseholdListOp.self, NoArgs()).households
        if households.count == 1 { return .success(households[0].householdId) }
        guard !households.isEmpty else {
            return .failure(
                LedgerCommandError(
                    "no household yet: create one with `reckon household create NAME` or accept a request "
                        + "(`reckon household requests`)"
                )
            )
        }
        let list = households.map { "  \($0.householdId)  \($0.name)" }.joined(separator: "\n")
        return .failure(
            LedgerCommandError(
                "you belong to several households: pass --household ID or run `reckon household use ID`\n\(list)"
            )
        )
    }
}
