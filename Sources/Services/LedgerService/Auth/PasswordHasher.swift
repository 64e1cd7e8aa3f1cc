import CSodium

/// Argon2id password hashing with libsodium (`crypto_pwhash_str_alg`, algorithm `ARGON2ID13`).
///
/// The stored string is libsodium's encoded form (`$argon2id$v=19$m=65536,t=2,p=1$salt$hash`): it carries its own
/// salt and parameters, so a verify works whatever the parameters were when the hash was made.
public struct PasswordHasher: Sendable {
    /// Argon2id passes (libsodium's `opslimit`).
    public let passes: UInt64
    /// Memory in bytes (libsodium's `memlimit`).
    public let memoryBytes: Int

    /// libsodium's "interactive" level: 2 passes over 64 MiB, the default (about 0.1 s on one core).
    public static let interactive = PasswordHasher(
        passes: UInt64(crypto_pwhash_OPSLIMIT_INTERACTIVE),
        memoryBytes: Int(crypto_pwhash_MEMLIMIT_INTERACTIVE)
    )

    /// The cheapest parameters libsodium allows (1 pass, 8 KiB): for tests only.
    public static let minimal = PasswordHasher(
        passes: UInt64(crypto_pwhash_OPSLIMIT_MIN),
        memoryBytes: Int(crypto_pwhash_MEMLIMIT_MIN)
    )

    /// Parameters as given; `passes` at least 1 and `memoryBytes` at least 8 KiB.
    public init(passes: UInt64, memoryBytes: Int) {
        precondition(sodium_init() >= 0, "libsodium failed to initialise")
        self.passes = max(passes, UInt64(crypto_pwhash_OPSLIMIT_MIN))
        self.memoryBytes = max(memoryBytes, Int(crypto_pwhash_MEMLIMIT_MIN))
    }

    /// The encoded Argon2id hash of `password`, with a fresh random salt.
    /// - Throws: `PasswordHasherError` when libsodium cannot get the memory.
    public func hash(_ password: String) throws -> String {
        var output = [CChar](repeating: 0, count: Int(crypto_pwhash_STRBYTES))
        let length = UInt64(password.utf8.count)
        let status = password.withCString { input in
            crypto_pwhash_str_alg(&output, input, length, passes, memoryBytes, crypto_pwhash_ALG_ARGON2ID13)
        }
        guard status == 0 else { throw PasswordHasherError() }
        return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `password` matches `encoded` (checked in constant time by libsodium).
    public func verify(_ password: String, against encoded: String) -> Bool {
        let length = UInt64(password.utf8.count)
        return encoded.withCString { stored in
            password.withCString { input in crypto_pwhash_str_verify(stored, input, length) == 0 }
        }
    }
}

/// libsodium could not hash a password (it could not get the memory the parameters ask for).
public struct PasswordHasherError: Error, Sendable {}
