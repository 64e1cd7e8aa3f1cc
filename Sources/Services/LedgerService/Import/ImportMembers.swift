import LedgerAPI
import Wire

/// A file's member names resolved to the household's current members: by the caller's `members` map (to a user id
/// or username), else by the member whose user id, username or display name the name is (ignoring case).
struct ImportMembers: Sendable {
    /// Each resolved name's user id.
    let byName: [String: String]
    /// Names the file uses that no member answers to.
    let unresolved: [String]

    /// - Throws: `invalid_argument` at `members.NAME` for a name the file does not use, or one mapped to someone who
    ///   is not a current member.
    init(names: [String], mapped: [String: String], members: [MemberView]) throws {
        let current = members.filter(\.active)
        func member(_ key: String) -> MemberView? {
            current.first { $0.userId == key || $0.username.lowercased() == key.lowercased() }
        }
        var byName: [String: String] = [:]
        for (name, target) in mapped.sorted(by: { $0.key < $1.key }) {
            guard names.contains(name) else {
                throw WireError(.invalidArgument, "the file has no member named \(name)", field: "members.\(name)")
            }
            guard let found = member(target) else {
                throw WireError(
                    .invalidArgument,
                    "\(target) is not a current member of this household",
                    field: "members.\(name)"
                )
            }
            byName[name] = found.userId
        }
        for name in names where byName[name] == nil {
            let named = current.filter { $0.displayName.lowercased() == name.lowercased() }
            if let found = member(name) ?? (named.count == 1 ? named.first : nil) { byName[name] = found.userId }
        }
        self.byName = byName
        unresolved = names.filter { byName[$0] == nil }
    }
}
