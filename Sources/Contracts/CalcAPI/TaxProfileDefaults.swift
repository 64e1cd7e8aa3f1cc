import Wire

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
