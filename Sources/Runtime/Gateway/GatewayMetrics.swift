import Majordomo
import Metrics

/// The gateway's Prometheus metrics, refreshed from the broker's counters on every tick.
final class GatewayMetrics {
    private let requests = Counter(label: "gateway_requests_total")
    private let replies = Counter(label: "gateway_replies_total")
    private let dropped = Counter(label: "gateway_dropped_messages_total")
    private let undeliverable = Counter(label: "gateway_undeliverable_messages_total")
    private let failures: [String: Counter]
    private let redispatched = Counter(label: "gateway_redispatched_requests_total")
    private let workersExpired = Counter(label: "gateway_workers_expired_total")
    private let workersUnreachable = Counter(label: "gateway_workers_unreachable_total")
    private let servicesRefused = Counter(label: "gateway_services_refused_total")
    private let servicesForgotten = Counter(label: "gateway_services_forgotten_total")
    private let tooLarge: [String: Counter]
    private let workersForbidden = Counter(label: "gateway_workers_forbidden_total")
    private let workersRevoked = Counter(label: "gateway_workers_revoked_total")
    private let workersEjected = Counter(label: "gateway_workers_ejected_total")
    private let hedges = Counter(label: "gateway_hedges_total")
    private let hedgesWon = Counter(label: "gateway_hedges_won_total")
    private let shed = Counter(label: "gateway_requests_shed_total")
    private let goneClients = Counter(label: "gateway_requests_of_gone_clients_total")
    private let keysDenied: [String: Counter]
    private let reloads: [String: Counter]
    private var lastAuthentication = AuthenticationCounters()
    /// `gateway_workers` by service: worker slots, as `health` counts them (a worker of capacity K counts K).
    private var workers: [String: Gauge] = [:]
    private var queueDepth: [String: Gauge] = [:]
    /// The load signals a scaler reads (docs/deploy.md, "Scaling"), by service: busy slots, arrivals a second and
    /// the queue wait's p50 and p90 in seconds over the broker's load window.
    private var busy: [String: Gauge] = [:]
    private var arrivals: [String: Gauge] = [:]
    private var waitP50: [String: Gauge] = [:]
    private var waitP90: [String: Gauge] = [:]
    private var last = BrokerCounters()

    init() {
        failures = Dictionary(
            uniqueKeysWithValues: [
                "no_workers", "unknown_service", "caller_refused", "worker_lost", "deadline_exceeded", "queue_full",
                "rate_limited",
                "too_many_pending",
                "over_byte_budget",
            ].map {
                ($0, Counter(label: "gateway_failed_requests_total", dimensions: [("reason", $0)]))
            }
        )
        tooLarge = Dictionary(
            uniqueKeysWithValues: ["client", "worker"].map {
                ($0, Counter(label: "gateway_oversized_messages_total", dimensions: [("socket", $0)]))
            }
        )
        keysDenied = Dictionary(
            uniqueKeysWithValues: ["client", "worker"].map {
                ($0, Counter(label: "gateway_keys_denied_total", dimensions: [("socket", $0)]))
            }
        )
        reloads = Dictionary(
            uniqueKeysWithValues: ["ok", "failed"].map {
                ($0, Counter(label: "gateway_allow_list_reloads_total", dimensions: [("outcome", $0)]))
            }
        )
    }

    /// Adds the key checks and reloads since the last call.
    func update(authentication counters: AuthenticationCounters) {
        let last = lastAuthentication
        keysDenied["client"]!.increment(by: Int64(counters.clientsDenied - last.clientsDenied))
        keysDenied["worker"]!.increment(by: Int64(counters.workersDenied - last.workersDenied))
        reloads["ok"]!.increment(by: Int64(counters.reloads - last.reloads))
        reloads["failed"]!.increment(by: Int64(counters.reloadFailures - last.reloadFailures))
        lastAuthentication = counters
    }

    /// Adds `count` messages libzmq refused to send (peer gone or its queue full).
    func countUndeliverable(_ count: Int) { undeliverable.increment(by: Int64(count)) }

    /// Adds what happened since the last call.
    func update(counters: BrokerCounters, health: [ServiceHealth]) {
        requests.increment(by: Int64(counters.requests - last.requests))
        replies.increment(by: Int64(counters.replies - last.replies))
        dropped.increment(by: Int64(counters.dropped - last.dropped))
        failures["no_workers"]!.increment(by: Int64(counters.noWorkers - last.noWorkers))
        failures["unknown_service"]!.increment(by: Int64(counters.unknownService - last.unknownService))
        failures["caller_refused"]!.increment(by: Int64(counters.callersRefused - last.callersRefused))
        failures["worker_lost"]!.increment(by: Int64(counters.workersLost - last.workersLost))
        failures["deadline_exceeded"]!.increment(by: Int64(counters.deadlineExceeded - last.deadlineExceeded))
        failures["queue_full"]!.increment(by: Int64(counters.queueFull - last.queueFull))
        failures["rate_limited"]!.increment(by: Int64(counters.rateLimited - last.rateLimited))
        failures["too_many_pending"]!.increment(by: Int64(counters.tooManyPending - last.tooManyPending))
        failures["over_byte_budget"]!.increment(by: Int64(counters.overByteBudget - last.overByteBudget))
        redispatched.increment(by: Int64(counters.redispatched - last.redispatched))
        workersExpired.increment(by: Int64(counters.workersExpired - last.workersExpired))
        workersUnreachable.increment(by: Int64(counters.workersUnreachable - last.workersUnreachable))
        servicesRefused.increment(by: Int64(counters.servicesRefused - last.servicesRefused))
        servicesForgotten.increment(by: Int64(counters.servicesForgotten - last.servicesForgotten))
        tooLarge["client"]!.increment(by: Int64(counters.requestsTooLarge - last.requestsTooLarge))
        tooLarge["worker"]!.increment(by: Int64(counters.repliesTooLarge - last.repliesTooLarge))
        workersForbidden.increment(by: Int64(counters.workersForbidden - last.workersForbidden))
        workersRevoked.increment(by: Int64(counters.workersRevoked - last.workersRevoked))
        workersEjected.increment(by: Int64(counters.workersEjected - last.workersEjected))
        hedges.increment(by: Int64(counters.hedges - last.hedges))
        hedgesWon.increment(by: Int64(counters.hedgesWon - last.hedgesWon))
        shed.increment(by: Int64(counters.shed - last.shed))
        goneClients.increment(by: Int64(counters.queuedForGoneClients - last.queuedForGoneClients))
        last = counters
        let window = Double(BrokerStateMachine.loadWindowSeconds)
        for service in health {
            gauge(&workers, "gateway_workers", service.name).record(service.workers)
            gauge(&queueDepth, "gateway_queue_depth", service.name).record(service.queued)
            gauge(&busy, "gateway_busy_slots", service.name).record(service.busy)
            gauge(&arrivals, "gateway_arrivals_per_second", service.name).record(Double(service.arrivals) / window)
            // No request dispatched in the window: nothing waited, so the wait reads 0 (a scaler must not see a gap).
            gauge(&waitP50, "gateway_queue_wait_p50_seconds", service.name)
                .record(Double(service.queueWaitP50Micros ?? 0) / 1_000_000)
            gauge(&waitP90, "gateway_queue_wait_p90_seconds", service.name)
                .record(Double(service.queueWaitP90Micros ?? 0) / 1_000_000)
        }
        let names = Set(health.map(\.name))
        forgetGauges(&workers, keeping: names)
        forgetGauges(&queueDepth, keeping: names)
        forgetGauges(&busy, keeping: names)
        forgetGauges(&arrivals, keeping: names)
        forgetGauges(&waitP50, keeping: names)
        forgetGauges(&waitP90, keeping: names)
    }

    /// Destroys the gauges of services the broker forgot, so the registry does not grow with every name seen.
    private func forgetGauges(_ cache: inout [String: Gauge], keeping names: Set<String>) {
        for (service, gauge) in cache where !names.contains(service) {
            gauge.destroy()
            cache[service] = nil
        }
    }

    private func gauge(_ cache: inout [String: Gauge], _ label: String, _ service: String) -> Gauge {
        if let gauge = cache[service] { return gauge }
        let gauge = Gauge(label: label, dimensions: [("service", service)])
        cache[service] = gauge
        return gauge
    }
}
