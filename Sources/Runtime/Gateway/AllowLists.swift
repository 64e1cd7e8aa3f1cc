import Majordomo
import ZeroMQ

/// The gateway's two allow-lists; a socket without one accepts any CURVE key.
public struct AllowLists: Sendable, Hashable {
    public var clients: AllowList?
    public var workers: AllowList?

    public init(clients: AllowList? = nil, workers: AllowList? = nil) {
        self.clients = clients
        self.workers = workers
    }

    /// Whether either socket checks keys.
    public var isEmpty: Bool { clients == nil && workers == nil }

    /// The list for the socket whose ZAP domain is `kind`.
    subscript(kind: AllowList.Kind) -> AllowList? {
        switch kind {
        case .clients: clients
        case .workers: workers
        }
    }

    /// Each client key's own limits, by the key in Z85 (the ZAP `User-Id`), with what its line leaves out taken from
    /// `defaults`.
    public func ownClientLimits(defaults: ClientLimits) -> [String: ClientLimits] {
        var limits: [String: ClientLimits] = [:]
        for (key, entry) in clients?.entries ?? [:] {
            if let own = entry.limits { limits[key.z85] = own.applied(to: defaults) }
        }
        return limits
    }

    /// The client keys (in Z85) that may name end callers: those marked `bridge`; `nil` when there is no client
    /// allow-list, so that any client may (none is authenticated, and naming callers gives a client nothing that
    /// opening more connections would not).
    public var callerNamingKeys: Set<String>? {
        clients.map { list in Set(list.entries.values.filter(\.namesCallers).map(\.key.z85)) }
    }

    /// What the broker checks READYs against: each worker key's services, by the key in Z85 (the ZAP `User-Id`).
    var servicePermissions: ServicePermissions? {
        workers.map { list in
            ServicePermissions(Dictionary(uniqueKeysWithValues: list.entries.map { ($0.key.z85, $0.value.services) }))
        }
    }
}

/// Where the gateway reads its allow-lists from, at start and on every reload.
public struct AllowListFiles: Sendable, Hashable {
    /// The client allow-list's path; `nil` accepts any client key.
    public var clients: String?
    /// The worker allow-list's path; `nil` accepts any worker key for any service.
    public var workers: String?

    public init(clients: String? = nil, workers: String? = nil) {
        self.clients = clients
        self.workers = workers
    }

    /// Reads both files.
    /// - Throws: ``AllowListError`` for the first file that cannot be read or parsed.
    public func load() throws(AllowListError) -> AllowLists {
        AllowLists(
            clients: try clients.map { path throws(AllowListError) in try AllowList(contentsOf: path, kind: .clients) },
            workers: try workers.map { path throws(AllowListError) in try AllowList(contentsOf: path, kind: .workers) }
        )
    }
}
