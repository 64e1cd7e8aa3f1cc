#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A database file readable by its owner alone: it holds password hashes, session digests and addresses. SQLite
/// makes its `-wal` and `-shm` files (and a rollback `-journal`) with the database file's own mode, so the main file
/// is made 0600 before SQLite first opens it, and an older file and its companions are brought down to 0600.
enum PrivateFiles {
    /// Companions SQLite keeps beside a database file.
    private static let suffixes = ["", "-wal", "-shm", "-journal"]

    /// Makes `path` (empty, 0600) when it is missing, and takes group and other access off it and its companions;
    /// false when one of them could not be changed (another user owns it). An in-memory database is left alone.
    static func prepare(_ path: String) -> Bool {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else { return true }
        let made = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if made >= 0 { close(made) }
        for suffix in suffixes {
            var status = stat()
            guard stat(path + suffix, &status) == 0, status.st_mode & 0o077 != 0 else { continue }
            guard chmod(path + suffix, 0o600) == 0 else { return false }
        }
        return true
    }
}
