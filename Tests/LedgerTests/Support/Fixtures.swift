import Ledger
import Money

/// Shared currencies, household and helpers for the ledger tests.
enum Fixtures {
    static let euro = Currency(code: "EUR")!
    static let yen = Currency(code: "JPY")!
    static let dinar = Currency(code: "KWD")!
    static let members: Set<String> = ["u1", "u2", "u3", "u4"]

    /// A bill draft paid entirely by `u1` unless payers are given.
    static func draft(
        _ amount: Int64,
        currency: Currency = euro,
        payers: [String: Int64]? = nil,
        split: SplitRule
    ) -> BillDraft {
        BillDraft(amount: amount, currency: currency, payers: payers ?? ["u1": amount], split: split)
    }

    /// The error `body` throws, or `nil` when it throws none.
    static func error<Value>(_ body: () throws(LedgerError) -> Value) -> LedgerError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    /// Applies transfers to nets: the payer's net goes up, the payee's down.
    static func applying(_ transfers: [Transfer], to nets: [String: Int64]) -> [String: Int64] {
        var nets = nets
        for transfer in transfers {
            nets[transfer.from, default: 0] += transfer.amount
            nets[transfer.to, default: 0] -= transfer.amount
        }
        return nets
    }
}
