/// Which services each authenticated worker may serve, keyed by the user id its connection authenticated as (the
/// `User-Id` a ZAP handler gave it). A worker without a user id, or with one not listed, may serve nothing.
public struct ServicePermissions: Sendable, Hashable {
    /// Services by user id.
    public var services: [String: Set<String>]

    public init(_ services: [String: Set<String>]) {
        self.services = services
    }

    /// Whether the worker that authenticated as `userID` may register `service`.
    public func allows(userID: String?, service: String) -> Bool {
        guard let userID else { return false }
        return services[userID]?.contains(service) == true
    }
}
