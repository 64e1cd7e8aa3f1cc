import LedgerAPI
import ReckonClient
import Wire

/// Reads profiles from the `ledger` service through the gateway's client endpoint, with the caller's own token, so
/// calc never sees anyone else's profile and keeps no state.
public final class LedgerProfileSource: TaxProfileSource {
    private let client: ReckonClient

    /// Connects to the gateway's client endpoint (lazily: the gateway may start later).
    /// - Throws: ``WireError`` for a malformed endpoint.
    public init(endpoint: String) throws {
        client = try ReckonClient(configuration: .init(endpoint: endpoint))
    }

    public func profile(token: String, deadline: ContinuousClock.Instant) async throws -> TaxProfile {
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
