/// What `reckon login` saves: the session token, who it belongs to, and the household commands act on by default.
struct LedgerSession: Codable {
    var token: String
    var userId: String
    var username: String
    /// ISO 8601, UTC, as `auth.login` answered it.
    var expiresAt: String
    /// The household chosen with `reckon household use` or `create`, if any.
    var household: String?
}
