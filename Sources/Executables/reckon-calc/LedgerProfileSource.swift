import CalcAPI
import CalcService
import LedgerAPI
import ReckonClient
import Wire
import ZeroMQ

/// Reads profiles from the `ledger` service through the gateway's client endpoint, with the caller's own token, so
/// calc never sees anyone else's profile and keeps no state.
final class LedgerProfileSource: TaxProfileSource {
    private let client: ReckonClient

    /// Connects to the client endpoints of the gateways, a comma list (lazily: the gateways may start later), over
    /// CURVE with the worker's own keys when it has them.
    /// - Throws: ``ZMQError`` for a malformed endpoint.
    init(endpoints: String, curve: (serverKey: CurveKey, keyPair: CurveKeyPair)?) throws {
        client = try ReckonClient(configuration: .init(endpointList: endpoints, curve: curve))
    }

    func profile(token: String, deadline: ContinuousClock.Instant) async throws -> TaxProfile {
        let timeout = max(.milliseconds(1), deadline - .now)
        let profile = try await client.call(
            ProfileGetOp.self,
            NoArgs(),
            token: token,
            idempotencyKey: nil,
            timeout: timeout
        )
        return TaxProfile(income: profile.income, province: profile.province)
    }
}
