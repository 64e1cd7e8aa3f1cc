import Wire
import WorkerRuntime

/// What a signed-in user's ledger profile gives calc's tax ops: their yearly employment income (CAD decimal text)
/// and province.
public struct TaxProfile: Sendable, Hashable {
    public var income: String?
    public var province: String?

    public init(income: String?, province: String?) {
        self.income = income
        self.province = province
    }
}

/// Where calc looks up the profile of the user a token belongs to.
public protocol TaxProfileSource: Sendable {
    /// The profile of `token`'s user.
    /// - Throws: ``WireError``: `unauthenticated` for a bad token, `unavailable` when the profile cannot be read.
    func profile(token: String, deadline: ContinuousClock.Instant) async throws -> TaxProfile
}

/// Fills a tax request's situation from a profile: `province` when the request has none, and `income.employment`
/// when it gives no `income` at all. What the request says always wins.
public enum TaxProfileDefaults {
    /// The ops that take defaults from a profile.
    public static let ops: Set<String> = ["tax.estimate", "tax.topic"]

    /// Whether `args` leaves out a field the profile can give.
    public static func needsProfile(_ args: JSONValue?) -> Bool {
        guard case .object(let object)? = args else { return true }
        return object["province"] == nil || object["income"] == nil
    }

    /// `args` with the profile's defaults in.
    public static func apply(_ profile: TaxProfile, to args: JSONValue?) -> JSONValue {
        var object: JSONObject
        if case .object(let given)? = args { object = given } else { object = JSONObject() }
        if object["province"] == nil, let province = profile.province { object["province"] = .string(province) }
        if object["income"] == nil, let income = profile.income {
            object["income"] = .object(JSONObject([("employment", .string(income))]))
        }
        return .object(object)
    }
}

/// Gives tax requests that carry a token the defaults of that user's profile.
struct TaxProfileMiddleware: OpMiddleware {
    let source: any TaxProfileSource

    func handle(_ request: OpRequest, next: OpNext) async throws -> OpResponse {
        guard let token = request.context.token, TaxProfileDefaults.needsProfile(request.args) else {
            return try await next(request)
        }
        var request = request
        let profile = try await source.profile(token: token, deadline: request.context.deadline)
        request.args = TaxProfileDefaults.apply(profile, to: request.args)
        return try await next(request)
    }
}
