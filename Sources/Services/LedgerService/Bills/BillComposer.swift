import Foundation
import Ledger
import LedgerAPI
import Money
import Wire

/// Turns a bill's fields as they travel into a stored bill with every member's exact share, or a typed error that
/// names the field at fault.
struct BillComposer: Sendable {
    /// The household's currency, used when the bill names none.
    let householdCurrency: String
    /// Who may take part: current members, plus (for an edit) those already in the bill.
    let members: Set<String>
    /// Today's date, for bills without one.
    let today: String

    /// A bill built from `fields`, its shares not yet rounded (``ComposedBill/rounded(residues:)``).
    /// - Throws: `invalid_argument` with the field at fault.
    func compose(
        id: String,
        household: String,
        fields: BillFields,
        createdBy: String,
        recurringID: String? = nil
    )
        throws -> ComposedBill
    {
        let description = (fields.description ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...200).contains(description.count) else {
            throw WireError(.invalidArgument, "a description has 1 to 200 characters", field: "description")
        }
        let currency = try Currency.named(fields.currency ?? householdCurrency, field: "currency")
        let amount = try currency.amount(fields.amount, field: "amount")
        let date = try DateCheck.validated(fields.date ?? today, field: "date")
        let category = fields.category?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (category?.count ?? 0) <= 50 else {
            throw WireError(.invalidArgument, "a category has at most 50 characters", field: "category")
        }
        guard let spec = fields.split else { throw WireError(.invalidArgument, "split is required", field: "split") }
        let draft = BillDraft(
            amount: amount,
            currency: currency,
            payers: try payers(fields, amount: amount, currency: currency),
            split: try SplitReader(currency: currency, members: members).rule(spec)
        )
        let exact = try draft.exactShares(members: members)
        let bill = StoredBill(
            id: id,
            householdID: household,
            description: description,
            amount: amount,
            currency: currency.code,
            date: date,
            category: category?.isEmpty == true ? nil : category,
            split: spec,
            parts: draft.payers.mapValues { BillPart(paid: $0, share: 0) },
            version: 1,
            createdBy: createdBy,
            recurringID: recurringID
        )
        return ComposedBill(unrounded: bill, exact: exact)
    }

    /// `paidBy` (the whole amount) or `payers` (each amount), exactly one.
    private func payers(_ fields: BillFields, amount: Int64, currency: Currency) throws -> [String: Int64] {
        switch (fields.paidBy, fields.payers) {
        case (let payer?, nil):
            return [payer: amount]
        case (nil, let payers?):
            var parsed: [String: Int64] = [:]
            for (member, text) in payers {
                parsed[member] = try currency.amount(text, field: "payers.\(member)")
            }
            return parsed
        default:
            throw WireError(.invalidArgument, "give exactly one of paidBy and payers", field: "paidBy")
        }
    }
}

/// A checked bill whose shares are known exactly but not yet rounded to minor units: that takes the household's
/// rounding residues in its currency (``BillRounding``).
struct ComposedBill: Sendable {
    /// The bill with its payers' parts and no shares.
    let unrounded: StoredBill
    /// Each member's exact share.
    let exact: ExactShares

    /// Whether every exact share is a whole number of minor units: then rounding neither reads nor moves a residue.
    var isWhole: Bool { exact.byMember.values.allSatisfy { $0 % ExactShares.scale == 0 } }

    /// The bill with its shares rounded against `residues` (``Ledger/ErrorDiffusion``), each part keeping what it
    /// added to its member's residue.
    func rounded(residues: [String: Int64]) -> StoredBill {
        let (shares, changes) = ErrorDiffusion.parts(of: exact, residues: residues)
        var bill = unrounded
        for (member, share) in shares { bill.parts[member, default: BillPart(paid: 0, share: 0)].share = share }
        for (member, change) in changes where change != 0 {
            bill.parts[member, default: BillPart(paid: 0, share: 0)].residue = change
        }
        return bill
    }
}
