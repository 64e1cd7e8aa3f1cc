import ReckonClient
import Synchronization
import Wire

/// Which user each bearer token is a session of, as the ledger confirmed it (`auth.me`), kept for ``lifetime``; a
/// token the ledger refused, or could not check, is kept as unconfirmed for ``refusedLifetime``. The bridge counts a
/// confirmed token's requests as its user's, however many sessions the user holds, and an unconfirmed one's as its
/// address's, so a made-up token gets no bucket of its own.
///
/// Only ``lookUp(_:caller:)`` asks the ledger, and the rate limiter calls it only for a request its address's bucket
/// let through: made-up tokens cost the ledger no more than their address may send.
final class ConfirmedTokens: Sendable {
    /// How long a confirmation is kept: a session revoked meanwhile still counts as its user's for this long, which
    /// only decides whose bucket it draws on.
    static let lifetime = Duration.seconds(60)
    /// How long a refusal is kept.
    static let refusedLifetime = Duration.seconds(10)
    /// Tokens kept at most; past it the table starts again.
    static let maximumKept = 10_000

    private struct Entry {
        let user: String?
        let until: ContinuousClock.Instant
    }

    private let client: ReckonClient
    private let entries = Mutex<[String: Entry]>([:])

    init(client: ReckonClient) {
        self.client = client
    }

    /// The user `token` is a session of when it is known, `.some(nil)` when it is known not to be one, or `nil` when
    /// it is not known (or no longer).
    func known(_ token: String, now: ContinuousClock.Instant = .now) -> String?? {
        entries.withLock { entries in
            guard let entry = entries[token], entry.until > now else { return nil }
            return .some(entry.user)
        }
    }

    /// Asks the ledger whose session `token` is, on behalf of `caller`, and keeps the answer.
    /// - Returns: the user's id, or nil when the ledger refused the token or did not answer.
    @discardableResult
    func lookUp(_ token: String, caller: String) async -> String? {
        let user: String?
        let lifetime: Duration
        do {
            let me = try await client.call(
                service: "ledger",
                op: "auth.me",
                token: token,
                idempotencyKey: nil,
                caller: caller
            )
            user = me["userId"]?.stringValue
            lifetime = user == nil ? Self.refusedLifetime : Self.lifetime
        } catch {
            user = nil
            lifetime = Self.refusedLifetime
        }
        let entry = Entry(user: user, until: .now + lifetime)
        entries.withLock { entries in
            if entries.count >= Self.maximumKept { entries.removeAll(keepingCapacity: true) }
            entries[token] = entry
        }
        return user
    }
}
