/// Checks the member ids a bill names against the household's members.
struct MemberCheck {
    /// The household's member ids.
    let members: Set<String>

    /// A list naming each member once: at least one id, every id a member, no id twice.
    /// - Parameters:
    ///   - ids: The list, e.g. an equal split's `among`.
    ///   - field: The list's JSON path; a faulty id is reported as `field[index]`.
    ///   - emptyMessage: The message when the list is empty.
    func requireList(_ ids: [String], field: String, emptyMessage: String) throws(LedgerError) {
        guard !ids.isEmpty else { throw LedgerError(.invalidSplit, emptyMessage, field: field) }
        var seen: Set<String> = []
        for (index, id) in ids.enumerated() {
            try requireMember(id, field: "\(field)[\(index)]")
            guard seen.insert(id).inserted else {
                throw LedgerError(.duplicateMember, "\(id) is listed twice", field: "\(field)[\(index)]")
            }
        }
    }

    /// The entries of a per-member dictionary in ascending id order, after checking that every key is a member.
    /// - Parameters:
    ///   - amounts: Amounts by member id, e.g. the payers.
    ///   - field: The dictionary's JSON path; a faulty id is reported as `field.id`.
    func requireKeys(_ amounts: [String: Int64], field: String) throws(LedgerError) -> [(member: String, amount: Int64)]
    {
        let entries = amounts.sorted { $0.key < $1.key }.map { (member: $0.key, amount: $0.value) }
        for entry in entries { try requireMember(entry.member, field: "\(field).\(entry.member)") }
        return entries
    }

    /// Throws ``LedgerError/Code/unknownMember`` at `field` unless `id` is a member.
    func requireMember(_ id: String, field: String) throws(LedgerError) {
        guard members.contains(id) else {
            throw LedgerError(.unknownMember, "\(id) is not a member of the household", field: field)
        }
    }
}
