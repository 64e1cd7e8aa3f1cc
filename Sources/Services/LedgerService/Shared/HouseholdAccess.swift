import Storage
import StoredOps
import Wire
import WorkerRuntime

/// The one policy for who may see and change a household's entries: every current member sees them (and may
/// change stock and list items); an authored entry changes only by its author or the household's owner. A
/// non-member is answered as for an entry that does not exist, so nobody learns which entries exist. A storage
/// fault while checking is thrown as it is, never taken for "not a member".
///
/// Every household feature's handlers share it, built with the household store it reads.
struct HouseholdAccess: Sendable {
    let households: HouseholdStore

    /// The signed-in user as a current member of `householdID`.
    /// - Throws: `not_found` when they are not one (or it does not exist).
    func member(of householdID: String, _ user: SignedIn) async throws -> HouseholdMember {
        guard let (household, role) = try await households.membership(householdID, userID: user.userID, in: user.db)
        else {
            throw StoreError.notFound("household", householdID, field: "householdId")
        }
        return HouseholdMember(db: user.db, userID: user.userID, household: household, role: role)
    }

    /// The signed-in user as the owner of `householdID`.
    /// - Throws: `not_found` when they are not a current member, `permission_denied` when not its owner.
    func owner(of householdID: String, _ user: SignedIn) async throws -> HouseholdMember {
        let member = try await member(of: householdID, user)
        guard member.role == .owner else {
            throw WireError(.permissionDenied, "only the household's owner may do this", field: "householdId")
        }
        return member
    }

    /// The ids of `householdID`'s current members: those the session's read found (``SignedIn/housemates``), else
    /// read now.
    func currentMembers(of householdID: String, _ user: SignedIn) async throws -> Set<String> {
        if let prefetched = user.housemates, prefetched.householdID == householdID, let found = prefetched.found {
            return found.members
        }
        return try await households.currentMemberIDs(householdID, in: user.db)
    }

    /// ``member(of:_:)`` with the ids of the household's current members, read in the same statement (or with the
    /// session, ``SignedIn/housemates``).
    /// - Throws: `not_found` when the user is not a current member (or it does not exist).
    func memberAndHousemates(
        of householdID: String,
        _ user: SignedIn
    ) async throws -> (member: HouseholdMember, members: Set<String>) {
        let found =
            if let prefetched = user.housemates, prefetched.householdID == householdID {
                prefetched.found
            } else {
                try await households.membershipAndMembers(householdID, userID: user.userID, in: user.db)
            }
        guard let (household, role, members) = found else {
            throw StoreError.notFound("household", householdID, field: "householdId")
        }
        return (HouseholdMember(db: user.db, userID: user.userID, household: household, role: role), members)
    }

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
