import LedgerAPI
import Money
import Storage
import StoredOps
import Tax
import Wire
import WorkerRuntime

extension OpRegistry {
    /// `profile.get`, `profile.set`.
    mutating func registerProfileOps(_ handlers: ProfileHandlers, _ scopes: LedgerScopes) {
        register(ProfileGetOp.self, in: scopes.read, handler: handlers.profileGet)
        register(ProfileSetOp.self, in: scopes.write, handler: handlers.profileSet)
    }
}

/// The profile's checked fields.
enum ProfileFields {
    /// The marital statuses a profile may hold.
    static let maritalStatuses = ["single", "married", "commonLaw", "separated", "divorced", "widowed"]

    /// A province or territory code calc's tax ops know, upper-cased.
    /// - Throws: `invalid_argument` listing the codes.
    static func province(_ text: String) throws -> String {
        guard let jurisdiction = Jurisdiction(rawValue: text.uppercased()) else {
            throw WireError(
                .invalidArgument,
                "province must be one of \(Jurisdiction.allCases.map(\.rawValue).joined(separator: ", "))",
                field: "province"
            )
        }
        return jurisdiction.rawValue
    }

    /// One of ``maritalStatuses``.
    /// - Throws: `invalid_argument` listing them.
    static func maritalStatus(_ text: String) throws -> String {
        guard maritalStatuses.contains(text) else {
            throw WireError(
                .invalidArgument,
                "maritalStatus must be one of \(maritalStatuses.joined(separator: ", "))",
                field: "maritalStatus"
            )
        }
        return text
    }
}

/// The profile's ops: with the profiles' store and nothing else.
struct ProfileHandlers: Sendable {
    let profiles: ProfileStore

    func profileGet(_ _: ProfileGetOp.Args, _ context: SignedIn) async throws -> ProfileGetOp.Result {
        try await self.profiles.find(context.userID, in: context.db).view
    }

    func profileSet(_ args: ProfileSetOp.Args, _ context: SignedIn) async throws -> ProfileSetOp.Result {
        let (db, userID) = (context.db, context.userID)
        var profile = try await self.profiles.find(userID, in: db)
        if let income = args.income {
            profile.income =
                income.isEmpty
                ? nil : try Currency.named("CAD", field: "income").amount(income, field: "income", allowsZero: true)
        }
        if let province = args.province {
            profile.province = try province.isEmpty ? nil : ProfileFields.province(province)
        }
        if let status = args.maritalStatus {
            profile.maritalStatus = try status.isEmpty ? nil : ProfileFields.maritalStatus(status)
        }
        return try await self.profiles.save(profile, for: userID, in: db).view
    }
}
