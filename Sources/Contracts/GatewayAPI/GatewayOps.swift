import Wire

/// The gateway's own service and what its ops share.
public enum GatewayOps {
    /// The service name clients send the gateway's own ops to.
    public static let service = "gateway"
    /// Every op of the gateway's own but `ops`, in the order `ops` lists them.
    public static let contracts: [any OpContract.Type] = [BatchOp.self, HealthOp.self, StatsOp.self, PingOp.self]
}

/// `batch`: fans requests out to several services in parallel and answers their replies in request order.
public enum BatchOp: OpContract {
    public static let service = GatewayOps.service
    public static let name = "batch"
    public static let effect = OpEffect.write
    public static let summary = "Fans requests out to several services and gathers the replies in order"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["requests"],
        "properties": [
            "requests": [
                "type": "array", "minItems": 1,
                "items": [
                    "type": "object", "required": ["service", "op"],
                    "properties": [
                        "service": [
                            "type": "string", "minLength": 1,
                            "description": "any service but the gateway's own and mmi.* (which fail alone)",
                        ],
                        "op": ["type": "string", "minLength": 1], "args": ["type": "object"], "id": ["type": "string"],
                        "token": ["type": "string"], "idempotencyKey": ["type": "string", "maxLength": 128],
                        "traceparent": [
                            "type": "string",
                            "description": "W3C trace context; without one, the batch's own is passed on",
                        ],
                        "tracestate": ["type": "string"],
                    ],
                ],
            ],
            "deadlineMs": ["type": "integer", "minimum": 1, "description": "the whole batch's deadline"],
        ],
    ]

    public struct Args: Codable, Sendable, Hashable {
        public var requests: [Request]
        /// The whole batch's deadline, in milliseconds from now.
        public var deadlineMs: Int?

        public init(requests: [Request], deadlineMs: Int? = nil) {
            self.requests = requests
            self.deadlineMs = deadlineMs
        }
    }

    /// One sub-request: a request envelope with the service it goes to.
    public struct Request: Codable, Sendable, Hashable {
        public var service: String
        public var op: String
        public var args: JSONValue?
        public var id: String?
        public var token: String?
        public var idempotencyKey: String?
        /// The W3C trace context the sub-request continues; without one it carries the batch's.
        public var traceparent: String?
        public var tracestate: String?

        public init(
            service: String,
            op: String,
            args: JSONValue? = nil,
            id: String? = nil,
            token: String? = nil,
            idempotencyKey: String? = nil,
            traceparent: String? = nil,
            tracestate: String? = nil
        ) {
            self.service = service
            self.op = op
            self.args = args
            self.id = id
            self.token = token
            self.idempotencyKey = idempotencyKey
            self.traceparent = traceparent
            self.tracestate = tracestate
        }
    }

    public struct Result: Codable, Sendable {
        /// Each sub-request's whole reply envelope, in request order; one failing sub-request fails alone.
        public var replies: [Reply<JSONValue>]

        public init(replies: [Reply<JSONValue>]) { self.replies = replies }
    }
}

/// `health`: the services the gateway knows, with their workers, queues and recent load.
public enum HealthOp: OpContract {
    public static let service = GatewayOps.service
    public static let name = "health"
    public static let effect = OpEffect.read
    public static let summary = "Services with their worker slots (idle, busy), queue depth, arrivals and queue waits"
    public static let argsSchema = NoArgs.jsonSchema
    public typealias Args = NoArgs

    public struct Result: Codable, Sendable, Hashable {
        public var services: [ServiceHealth]
        /// Whole seconds since the gateway started.
        public var uptimeSeconds: Int
        /// The sliding window, in seconds, that each service's `arrivals` and queue waits cover.
        public var windowSeconds: Int

        public init(services: [ServiceHealth], uptimeSeconds: Int, windowSeconds: Int) {
            self.services = services
            self.uptimeSeconds = uptimeSeconds
            self.windowSeconds = windowSeconds
        }
    }

    /// One service as the gateway sees it.
    public struct ServiceHealth: Codable, Sendable, Hashable {
        public var name: String
        /// Slots of the service's live workers (a worker with capacity N counts N).
        public var workers: Int
        /// Slots free now.
        public var idle: Int
        /// Requests its workers hold now.
        public var busy: Int
        /// Requests waiting for a slot.
        public var queued: Int
        /// Requests that arrived in the last `windowSeconds`.
        public var arrivals: Int
        /// The median and 90th percentile time from arrival to dispatch of the requests given to a worker in the
        /// last `windowSeconds`, in microseconds, each at most 12.5 % over the true figure; absent when none was.
        public var queueWaitP50Micros: Int?
        public var queueWaitP90Micros: Int?

        public init(
            name: String,
            workers: Int,
            idle: Int,
            busy: Int,
            queued: Int,
            arrivals: Int,
            queueWaitP50Micros: Int?,
            queueWaitP90Micros: Int?
        ) {
            self.name = name
            self.workers = workers
            self.idle = idle
            self.busy = busy
            self.queued = queued
            self.arrivals = arrivals
            self.queueWaitP50Micros = queueWaitP50Micros
            self.queueWaitP90Micros = queueWaitP90Micros
        }
    }
}

/// `ping`: answers `{}` at once; clients probe a gateway with it before failing over.
public enum PingOp: OpContract {
    public static let service = GatewayOps.service
    public static let name = "ping"
    public static let effect = OpEffect.read
    public static let summary = "Answers {} at once: a client's probe that this gateway is alive"
    public static let argsSchema = NoArgs.jsonSchema
    public typealias Args = NoArgs
    public typealias Result = NoArgs
}
