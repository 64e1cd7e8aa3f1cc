import Wire

/// Hashes a new password before the op's transaction begins, so the slow Argon2id work never holds the database's
/// write lock (`auth.signup`, `auth.changePassword` hash in their `preparing` step).
extension PasswordHasher {
    /// The checked password's hash.
    /// - Throws: `invalid_argument` on `field` for a password the rules refuse; `resource_exhausted` when hashing
    ///   fails (out of memory).
    func hashNew(_ password: String, field: String) throws -> String {
        try Credentials.checkPassword(password, field: field)
        do {
            return try hash(password)
        } catch {
            throw WireError(.resourceExhausted, "the server cannot hash a password now: try again")
        }
    }
}
