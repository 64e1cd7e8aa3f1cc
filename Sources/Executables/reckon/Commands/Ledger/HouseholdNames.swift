import LedgerAPI

/// A household named as a user would name it: by id, or by its name when that is unambiguous.
enum HouseholdNames {
    /// The id `text` names among `households`: an id as it is, else the one household with that name (exactly,
    /// else ignoring case); text that names none is passed on as an id, for the ledger to answer.
    /// - Throws: a ``LedgerCommandError`` listing the households when several share the name.
    static func id(of text: String, among households: [HouseholdView]) throws -> String {
        if households.contains(where: { $0.householdId == text }) { return text }
        var named = households.filter { $0.name == text }
        if named.isEmpty { named = households.filter { $0.name.lowercased() == text.lowercased() } }
        guard named.count <= 1 else {
            let list = named.map { "  \($0.householdId)  \($0.name)" }.joined(separator: "\n")
            throw LedgerCommandError("several of your households are called \(text): give one's id\n\(list)")
        }
        return named.first?.householdId ?? text
    }
}
