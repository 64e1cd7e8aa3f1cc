import Foundation
import Ledger
import Storage
import Wire

/// Rounds a write's bills against their household's residues, so that no member's share of the household's bills
/// ever drifts a whole minor unit from the exact sum (``Ledger/ErrorDiffusion``).
///
/// A write takes its removed bills out (each part's residue undone: a deleted bill is gone exactly), rounds its
/// added bills in turn, then makes the rounding transfers that bring every residue back within one minor unit, and
/// stores the residues with a version check and the transfers as rows. A write whose bills are all whole (every exact
/// share a whole number of minor units, none removed with a residue) reads and writes nothing here.
struct BillRounding: Sendable {
    let store = RoundingStore()

    /// What a write's rounding gives: the added bills with their shares, and the transfers it made.
    struct Outcome: Sendable {
        let bills: [StoredBill]
        let transfers: [RoundingStore.Transfer]

        /// The transfers as entries for the running totals, each added once.
        func transferChanges() throws -> [(entry: LedgerEntry, sign: Int64)] {
            try transfers.map { (try $0.entry(), 1) }
        }
    }

    /// Takes `removed` out of the residues and rounds `added` against them, in `household`, whose current members
    /// are `members` (a transfer's partner is one of them when it can be); transfers are dated `date` and name
    /// `cause`, the bill whose write made them. `prefetched` residues (read with the session) are
    /// used when they are those of the one currency the write touches.
    /// - Throws: ``Storage/StorageError`` `lostRace` (at the write) when another write changed the residues meanwhile:
    ///   the write then runs again as a transaction that locks them.
    func round(
        removing removed: [StoredBill],
        adding added: [ComposedBill],
        household: String,
        members: Set<String>,
        date: String,
        cause: String,
        prefetched: RoundingStore.Prefetched? = nil,
        in db: any SQLExecutor
    ) async throws -> Outcome {
        let touched = Set(removed.filter { $0.parts.values.contains { $0.residue != 0 } }.map(\.currency))
            .union(added.filter { !$0.isWhole }.map(\.unrounded.currency))
        guard !touched.isEmpty else { return Outcome(bills: added.map { $0.rounded(residues: [:]) }, transfers: []) }
        var residues =
            if let prefetched, touched == [prefetched.currency] {
                [prefetched.currency: prefetched.residues]
            } else {
                try await store.residues(household, currencies: touched, in: db)
            }
        for bill in removed { residues[bill.currency]?.add(bill, sign: -1) }
        var bills: [StoredBill] = []
        for composed in added {
            let bill = composed.rounded(residues: residues[composed.unrounded.currency]?.byMember ?? [:])
            residues[bill.currency]?.add(bill, sign: 1)
            bills.append(bill)
        }
        var transfers: [RoundingStore.Transfer] = []
        for currency in touched.sorted() {
            for transfer in ErrorDiffusion.repairs(&residues[currency]!.byMember, preferring: members) {
                transfers.append(
                    RoundingStore.Transfer(
                        id: "r_" + UUID.random().uuidString.lowercased(),
                        currency: currency,
                        from: transfer.from,
                        to: transfer.to,
                        amount: 1,
                        date: date,
                        billID: cause
                    )
                )
            }
        }
        try await store.save(residues, household: household, in: db)
        try await store.record(transfers, household: household, in: db)
        return Outcome(bills: bills, transfers: transfers)
    }
}

extension RoundingStore.Residues {
    /// Adds (`sign` 1) or takes out (`sign` -1) what `bill`'s parts added to the residues.
    mutating func add(_ bill: StoredBill, sign: Int64) {
        for (member, part) in bill.parts where part.residue != 0 {
            byMember[member, default: 0] += sign * part.residue
        }
    }
}
