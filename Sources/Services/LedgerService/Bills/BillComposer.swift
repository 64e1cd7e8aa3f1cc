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

    /// A bill built from `fields`; `id` seeds the tie rule of the split.
    /// - Throws: `invalid_argument` with the field at fault.
    func compose(
        id: String,
        household: String,
        fields: BillFields,
        createdBy: String,
        recurringID: String? = nil
    )
        throws -> StoredBill
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
        let shares = try draft.shares(tieSeed: id, members: members)
        var parts: [String: BillPart] = [:]
        for (member, paid) in draft.payers { parts[member, default: BillPart(paid: 0, share: 0)].paid = paid }
        for (member, share) in shares where share != 0 {
            parts[member, default: BillPart(paid: 0, share: 0)].share = share
        }
        return StoredBill(
            id: id,
            householdID: household,
            description: description,
            amount: amount,
            currency: currency.code,
            date: date,
            category: category?.isEmpty == true ? nil : category,
            split: spec,
            parts: parts,
            version: 1,
            createdBy: createdBy,
            recurringID: recurringID
        )
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
