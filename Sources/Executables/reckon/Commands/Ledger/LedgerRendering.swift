import LedgerAPI

/// Turns `ledger` replies into text for a terminal, with members shown by name rather than user id.
enum LedgerRendering {
    /// A household: its name, id, currency and the caller's role, then its members.
    static func household(_ household: HouseholdView) -> String {
        let rows = household.members.map { member in
            [member.username, member.displayName, member.role, member.active ? "yes" : "left", member.userId]
        }
        return [
            OrdersRendering.fields([
                ("Household", household.name), ("ID", household.householdId), ("Currency", household.currency),
                ("Your role", household.role),
            ]),
            "",
            TextTable(headers: ["Username", "Name", "Role", "Active", "User ID"], rows: rows).render(),
        ].joined(separator: "\n")
    }

    /// The caller's households, the one commands use by default marked with `*`.
    static func households(_ households: [HouseholdView], current: String?) -> String {
        guard !households.isEmpty else { return "(no households: reckon household create NAME)" }
        let rows = households.map { household in
            [
                household.householdId == current ? "*" : "", household.householdId, household.name,
                household.currency, household.role, String(household.members.filter(\.active).count),
            ]
        }
        return TextTable(headers: ["", "ID", "Name", "Currency", "Role", "Members"], rows: rows).render()
    }

    /// One roommate request in a line: who asked whom to join what, and where it stands.
    static func request(_ request: RoommateRequestView) -> String {
        "\(request.requestId): \(request.requestedBy.displayName) asked \(request.user.displayName) "
            + "(\(request.user.username)) to join \(request.householdName): \(request.status)"
    }

    /// The requests the household sent and those the caller received, each with its id.
    static func requests(_ requests: RoommatesListOp.Result) -> String {
        func table(_ list: [RoommateRequestView], who: String, _ person: (RoommateRequestView) -> UserView) -> String {
            guard !list.isEmpty else { return "(none)" }
            let rows = list.map { request in
                let user = person(request)
                return [
                    request.requestId, request.householdName, "\(user.displayName) (\(user.username))",
                    request.status, request.createdAt,
                ]
            }
            return TextTable(headers: ["Request", "Household", who, "Status", "Created"], rows: rows).render()
        }
        return [
            "Sent", table(requests.sent, who: "To", \.user), "", "Received",
            table(requests.received, who: "From", \.requestedBy),
        ].joined(separator: "\n")
    }

    /// `84.30 CAD`.
    static func money(_ amount: String, _ currency: String) -> String {
        "\(amount) \(currency)"
    }
}
