import Storage

/// Who asks and where: the op's transaction, the signed-in user, and the household they are a current member of.
struct HouseholdMember: Sendable {
    let db: any SQLExecutor
    let userID: String
    let household: HouseholdStore.Household
    let role: HouseholdStore.Role
}
