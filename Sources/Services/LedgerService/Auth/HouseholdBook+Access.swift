import Storage
import StoredOps
import Wire
import WorkerRuntime

/// The one policy for who may see and change a household's entries: every current member sees them (and may
/// change stock and list items); an authored entry changes only by its author or the household's owner. A
/// non-member is answered as for an entry that does not exist, so nobody learns which entries exist. A storage
/// fault while checking is thrown as it is, never taken for "not a member".
extension HouseholdBook {
    /// The signed-in user as a current member of `entry`'s household, from the session's read when it found that
    /// membership (``SignedIn/housemates``), else read now.
    /// - Throws: `not_found` for the entry when they are not one; ``Storage/StorageError`` as it comes.
    func member(seeing entry: some HouseholdEntry, _ user: SignedIn) async throws -> HouseholdMember {
        let membership =
            if let prefetched = user.housemates, prefetched.householdID == entry.householdID {
                prefetched.found.map { ($0.household, $0.role) }
            } else {
                try await households.membership(entry.householdID, userID: user.userID, in: user.db)
            }
        guard let (household, role) = membership else { throw type(of: entry).notFound(entry.id) }
        return HouseholdMember(db: user.db, userID: user.userID, household: household, role: role)
    }

    /// The signed-in user as a member who may change `entry`: its author, or the household's owner.
    /// - Throws: `not_found` for a non-member, `permission_denied` for a member who may not.
    func member<Entry: AuthoredEntry>(changing entry: Entry, _ user: SignedIn) async throws -> HouseholdMember {
        let member = try await member(seeing: entry, user)
        guard entry.createdBy == member.userID || member.role == .owner else {
            throw WireError(
                .permissionDenied,
                "only the member who \(Entry.authorVerb) this \(Entry.noun) or the household's owner may change it",
                field: Entry.idField
            )
        }
        return member
    }
}
