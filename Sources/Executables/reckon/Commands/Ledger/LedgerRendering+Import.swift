import LedgerAPI

extension LedgerRendering {
    /// What an import wrote (or would write), its skipped rows and errors, and the balances it leaves.
    static func imported(_ result: ImportView, _ members: LedgerMembers) -> String {
        let verb =
            result.alreadyImported
            ? "Already imported (nothing written):" : result.dryRun ? "Would import" : "Imported"
        var out = ["\(verb) \(result.bills) bills and \(result.payments) payments (file sha256 \(result.digest))"]
        let note = { (note: ImportRowNote) in "  row \(note.row)\(note.column.map { ", \($0)" } ?? ""): \(note.message)"
        }
        if !result.skipped.isEmpty { out += ["Skipped:"] + result.skipped.map(note) }
        if !result.errors.isEmpty {
            out += ["Errors (nothing can be imported until they are fixed):"] + result.errors.map(note)
        }
        let rows = result.balances.map { [members.name($0.userId), $0.currency, $0.net] }
        out += ["", TextTable(headers: ["Member", "Currency", "Net"], rows: rows).render()]
        return out.joined(separator: "\n")
    }
}
