import Foundation
import Ledger
import LedgerAPI
import Money

/// A file's bills and payments as the import writes them, before its member names are mapped to members: every
/// reader (``SplitwiseCSV``, ``ReckonExportFile``) gives one, and ``ImportPlan`` writes it.
struct ImportSource: Sendable {
    /// A bill: who paid what and who owes what, in minor units of `currency`, by the file's member names.
    struct Bill: Sendable, Equatable {
        let row: Int
        let date: String
        let description: String
        let category: String?
        let currency: Currency
        let amount: Int64
        let paid: [Named]
        let owed: [Named]
        /// The bill's id in the file, for the roundings that name it (a Reckon export).
        var sourceID: String? = nil
        /// Whether `owed` holds each member's whole number of shares (IHateMoney's weights) rather than amounts.
        var byShares = false
        /// What a Reckon export says it was worth in its household's currency.
        var value: EntryValueView? = nil
    }

    /// Money moved from one member to another: a payment, or a one-minor-unit rounding transfer a Reckon export keeps
    /// beside the bill that made it.
    struct Move: Sendable, Equatable {
        let row: Int
        let date: String
        var from: String
        var to: String
        let currency: Currency
        let amount: Int64
        var note: String? = nil
        /// What a Reckon export says a payment was worth in its household's currency.
        var value: EntryValueView? = nil

        /// The move with its two names renamed by `ids` (each has an entry: ``ImportSource/allNames``).
        func renamed(_ ids: [String: String]) -> Move {
            var renamed = self
            (renamed.from, renamed.to) = (ids[from]!, ids[to]!)
            return renamed
        }
    }

    /// A member's amount, by the file's name for them.
    struct Named: Sendable, Equatable {
        let name: String
        let amount: Int64
    }

    /// What one row becomes.
    enum Entry: Sendable, Equatable {
        case bill(Bill)
        case payment(Move)
        /// A rounding transfer, with the id its bill has in the file.
        case rounding(Move, billSourceID: String)
    }

    var entries: [Entry] = []
    /// A Reckon export's repeating bills (their bills by the file's names), calendar events, shopping list and stock:
    /// restored after the money.
    var recurring: [RecurringView] = []
    var events: [EventView] = []
    var shopping: [ShoppingItemView] = []
    var stock: [StockLineView] = []
    /// Every member name the file uses, in the file's order.
    var names: [String] = []
    var skipped: [ImportRowNote] = []
    var errors: [ImportRowNote] = []
    /// `exact` when the file wrote every amount in its currency's minor digits.
    var exactness = "exact"
    /// Whether the file keeps what its entries in other currencies were worth (a Reckon export), which an import
    /// keeps; else they are valued at their dates' reference rates where there are some.
    var keepsValues = false

    /// `names`, then every other name an entry uses (a hand-edited export may name someone its members list lacks):
    /// each must map to a member before anything is written.
    var allNames: [String] {
        var all = names
        for entry in entries {
            let used: [String] =
                switch entry {
                case .bill(let bill): (bill.paid + bill.owed).map(\.name)
                case .payment(let move), .rounding(let move, _): [move.from, move.to]
                }
            for name in used where !all.contains(name) { all.append(name) }
        }
        return all
    }

    mutating func fail(_ row: Int, _ column: String?, _ message: String) {
        errors.append(ImportRowNote(row: row, column: column, message: message))
    }

    /// Each name's net (paid minus owed, plus payments sent, minus received) in each currency, wrapping rather than
    /// trapping on a file of absurd sums (which the ledger refuses when it writes them): what the file's own
    /// closing balances must equal. Only files whose bills are all by amounts state closing balances, so a bill split
    /// by shares is left out.
    var nets: [String: [String: Int64]] {
        var nets: [String: [String: Int64]] = [:]
        for entry in entries {
            switch entry {
            case .bill(let bill) where !bill.byShares:
                for part in bill.paid { nets[bill.currency.code, default: [:]][part.name, default: 0] &+= part.amount }
                for part in bill.owed { nets[bill.currency.code, default: [:]][part.name, default: 0] &-= part.amount }
            case .bill: break
            case .payment(let move), .rounding(let move, _):
                nets[move.currency.code, default: [:]][move.from, default: 0] &+= move.amount
                nets[move.currency.code, default: [:]][move.to, default: 0] &-= move.amount
            }
        }
        return nets
    }
}

extension Currency {
    /// An amount as an exporter wrote it: like ``parse(_:allowsNegative:)``, also taking zeros past the currency's
    /// digits (`"1500.00"` in JPY) and surrounding spaces; a blank is 0. Beyond the ledger's largest amount it is no
    /// amount, so a file's sums stay far from overflowing.
    func exported(_ text: String) -> Int64? {
        var text = Substring(text.trimmingCharacters(in: .whitespaces))
        if text.isEmpty { return 0 }
        if let dot = text.firstIndex(of: ".") {
            while text.distance(from: dot, to: text.endIndex) - 1 > minorDigits, text.last == "0" { text.removeLast() }
            if text.last == "." { text.removeLast() }
        }
        return parse(String(text), allowsNegative: true).flatMap {
            $0.magnitude <= LedgerEntry.maximumAmount.magnitude ? $0 : nil
        }
    }
}
