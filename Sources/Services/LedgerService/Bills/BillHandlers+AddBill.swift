import Foundation
import LedgerAPI
import Storage
import Wire

extension BillHandlers {
    /// Records a new bill in `member`'s household, whose current members are `members`, rounded against the
    /// household's residues (``BillRounding``), with its running totals and activity entry.
    /// A bill in another currency is valued in the household's (``Valuation``) before anything is written.
    /// - Parameters:
    ///   - valuing: what a bill in another currency is valued from: by default the reference rate, and a bill no
    ///     rate values is refused.
    ///   - residues: the household's residues if read with the session (``SignedIn/rounding``).
    /// - Throws: `invalid_argument` for a field that does not fit the household; `failed_precondition` for a bill
    ///   that must be valued and cannot be.
    func addBill(
        _ fields: BillFields,
        by member: HouseholdMember,
        among members: Set<String>,
        valuing: Valuation.Basis = .given(GivenValue(), .required),
        residues: RoundingStore.Prefetched? = nil
    ) async throws -> BillView {
        let (db, userID, household) = (member.db, member.userID, member.household)
        let composer = BillComposer(
            householdCurrency: household.currency,
            members: members,
            today: configuration.today()
        )
        let composed = try composer.compose(
            id: "b_" + UUID.random().uuidString.lowercased(),
            household: household.id,
            fields: fields,
            createdBy: userID
        )
        let value = try await valuation.value(
            composed.unrounded.amount,
            currency: composed.unrounded.currency,
            on: composed.unrounded.date,
            in: household.currency,
            from: valuing
        )
        let rounding = try await self.rounding.round(
            removing: [],
            adding: [composed],
            household: household.id,
            members: members,
            date: configuration.today(),
            cause: composed.unrounded.id,
            prefetched: residues,
            in: db
        )
        var bill = rounding.bills[0]
        bill.value = value
        try await bills.insert(bill, createdBy: userID, in: db)
        try await totals.apply(
            [(bill.entry(), 1)] + rounding.transferChanges(),
            household: household.id,
            in: db
        )
        try await activity.record(
            .init(action: "bill.added", entity: "bill", entityID: bill.id, before: nil, after: bill.view),
            household: household.id,
            userID: userID,
            in: db
        )
        return bill.view
    }
}
