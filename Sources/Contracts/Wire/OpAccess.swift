/// Who may call an op, as its contract declares it (``OpContract/access``): what the service behind it checks before
/// the op does anything, and what the registry-wide authorization tests check of every registered op.
public enum OpAccess: String, Sendable, Codable, CaseIterable {
    /// Anyone, with no session or key: calc, the gateway's own ops, a customer's cart and order, signing up and in.
    case anyone
    /// A signed-in user (a ledger session), on what is their own: their profile, their saved calculations, the
    /// households they belong to, an invitation sent to them. Another user's is not found.
    case signedIn
    /// A current member of the household the op names, or of the one the entry it names belongs to. To anyone else
    /// the household and its entries are not found.
    case member
    /// As ``member`` to see; to change, only the member who made the entry (or sent the invitation), or the
    /// household's owner. The other members are refused (`permission_denied`).
    case author
    /// The owner of the household the op names; its other members are refused (`permission_denied`), anyone else
    /// finds it not found.
    case owner
    /// The orders staff, with the staff key.
    case staff
}
