import LedgerAPI

/// A household's members by name: `me`, a username or a user id resolves to a user id, and a user id shows as the
/// member's display name (or username).
struct LedgerMembers {
    let household: HouseholdView
    /// The signed-in user's id, what `me` names.
    let me: String

    /// The user id `name` stands for: `me`, a member's username (any case) or a member's user id.
    /// - Throws: `LedgerCommandError` listing the members when no member has that name.
    func userId(_ name: String) throws -> String {
        if name == "me" { return me }
        let member = household.members.first { $0.userId == name || $0.username.lowercased() == name.lowercased() }
        guard let member else {
            let names = household.members.filter(\.active).map { "\($0.username) (\($0.displayName))" }
            throw LedgerCommandError(
                "no member \"\(name)\" in \(household.name); name one of: me, \(names.joined(separator: ", "))"
            )
        }
        return member.userId
    }

    /// The name text output shows for a user id: the display name, else the username, else the id itself.
    func name(_ userId: String) -> String {
        guard let member = household.members.first(where: { $0.userId == userId }) else { return userId }
        return member.displayName.isEmpty ? member.username : member.displayName
    }
}
