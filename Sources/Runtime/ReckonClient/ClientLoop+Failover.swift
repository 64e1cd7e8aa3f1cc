import GatewayAPI
import Majordomo
import Synchronization
import Wire
import ZeroMQ

/// Failover, Lazy Pirate style with a list of gateways: while calls wait and the gateway in use has been silent for
/// `failoverAfter`, the loop sends it a `ping`; a ping unanswered for `failoverAfter` means the gateway is gone. The
/// loop then moves to the next gateway (round the list), sends there again every unanswered call that carries an
/// idempotency key (the key makes a second delivery harmless: the services' idempotency records answer the first
/// result), and fails the others with `unavailable`, since their outcome is unknown. A late reply from the old
/// gateway still resolves its call. A gateway whose socket takes nothing (never connected) for `failoverAfter`
/// counts as gone too. With one gateway there is nowhere to go: calls wait out their timeout as before.
extension ClientLoop {
    /// Probes, or fails over, when the gateway in use has gone quiet while calls wait on it.
    func watchGateway(now: ContinuousClock.Instant) throws {
        guard sockets.count > 1 else { return }
        if let blockedSince, now - blockedSince >= failoverAfter {
            try failOver(now: now)
            return
        }
        guard !unanswered.isEmpty else {
            probe = nil
            return
        }
        if let probe {
            if now - probe.sentAt >= failoverAfter { try failOver(now: now) }
        } else if now - lastHeard >= failoverAfter {
            probesSent += 1
            let id = "probe-\(probesSent)"
            let body = JSONValue.object(JSONObject([("op", .string(PingOp.name)), ("id", .string(id))])).serialized
            try? sockets[active].send(dontWait: true) {
                PeerCodec.encodeClientRequest(service: PingOp.service, body: body, into: &$0)
            }
            probe = (id, now)
        }
    }

    /// Moves to the next gateway: resendable calls go to it first, the others fail.
    private func failOver(now: ContinuousClock.Instant) throws {
        probe = nil
        blockedSince = nil
        active = (active + 1) % sockets.count
        lastHeard = now
        let (resend, lost) = shared.state.withLock { state in
            let live = unanswered.values.compactMap { request in
                state.pending[request.id].map { (request, $0.queuedAs) }
            }
            .sorted { $0.1 < $1.1 }.map(\.0)
            let lost = live.filter { !$0.resendable }.compactMap { state.pending.removeValue(forKey: $0.id) }
            return (live.filter(\.resendable), lost)
        }
        unanswered = [:]
        backlog = resend + backlog
        for call in lost {
            call.complete(
                .failure(
                    WireError(
                        .unavailable,
                        "the gateway stopped answering before \(call.service) replied; the request carried no "
                            + "idempotency key, so it was not sent again and its outcome is unknown"
                    )
                )
            )
        }
        try sendBacklog()
    }
}
