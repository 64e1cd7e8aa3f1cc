import Majordomo
import ZeroMQ

/// Running totals of the gateway's key checks, for `stats` and metrics.
public struct AuthenticationCounters: Sendable, Hashable {
    /// CURVE handshakes refused on the client socket (key not in the client allow-list).
    public var clientsDenied = 0
    /// CURVE handshakes refused on the worker socket (key not in the worker allow-list).
    public var workersDenied = 0
    /// Allow-list reloads that took effect.
    public var reloads = 0
    /// Allow-list reloads that failed, keeping the lists in force.
    public var reloadFailures = 0

    public init() {}
}

extension GatewayCore {
    /// Answers a ZAP request from either socket. A socket whose domain has an allow-list accepts only listed CURVE
    /// keys; one without accepts any. An accepted connection's `User-Id` is its key in Z85, which the broker
    /// checks worker READYs against.
    public mutating func authenticate(_ request: ZapRequest) -> ZapReply {
        func reply(_ status: ZapReply.Status, _ text: String, userID: String = "") -> ZapReply {
            ZapReply(requestID: request.requestID, status: status, statusText: text, userID: userID)
        }
        guard let kind = AllowList.Kind(rawValue: request.domain) else {
            return reply(.failure, "unknown ZAP domain")
        }
        guard let key = request.curveKey else {
            count(denialOf: kind)
            return reply(.failure, "CURVE required")
        }
        if let list = allowLists[kind], list.entry(for: key) == nil {
            count(denialOf: kind)
            return reply(.failure, "key not allowed")
        }
        return reply(.success, "OK", userID: key.z85)
    }

    /// Puts newly loaded allow-lists in force, or counts a failed load and keeps the old ones. New handshakes are
    /// checked against the new lists; connected workers whose key may no longer serve their service are purged.
    public mutating func replaceAllowLists(
        _ loaded: Result<AllowLists, AllowListError>,
        now: Instant
    ) -> [GatewayOutput] {
        guard case .success(let lists) = loaded else {
            authentication.reloadFailures += 1
            return []
        }
        authentication.reloads += 1
        return installAllowLists(lists, now: now)
    }

    /// Puts `lists` in force and purges workers they no longer allow.
    mutating func installAllowLists(_ lists: AllowLists, now: Instant) -> [GatewayOutput] {
        allowLists = lists
        ownClientLimits = lists.ownClientLimits(defaults: clientLimits)
        callerNamingKeys = lists.callerNamingKeys
        return execute(broker.replacePermissions(lists.servicePermissions, now: now), now: now)
    }

    private mutating func count(denialOf kind: AllowList.Kind) {
        switch kind {
        case .clients: authentication.clientsDenied += 1
        case .workers: authentication.workersDenied += 1
        }
    }
}
