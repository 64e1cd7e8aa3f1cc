import NIOCore
import NIOSSL
import PostgresNIO
import Storage

/// Sorts PostgresNIO's errors into the storage layer's error codes.
enum PostgresErrorMapping {
    static func storageError(for error: PSQLError) -> StorageError {
        guard error.code == .server, let state = error.serverInfo?[.sqlState] else {
            // Connection refused or lost, pool closed, query cancelled: the server is not there for us.
            return StorageError(.unavailable, "PostgreSQL is unavailable (\(error.code))", underlying: error)
        }
        let message = error.serverInfo?[.message] ?? "PostgreSQL error \(state)"
        return StorageError(code(forSQLState: state), message, underlying: error)
    }

    /// The same for the errors of PostgresNIO's prepared statements (`PostgresError`). A plan invalidated under a
    /// kept statement (`cached plan must not change result type`: another worker's migration changed a table) is a
    /// serialization failure: the write runs again, once the statements are dropped.
    static func storageError(for error: PostgresError) -> StorageError {
        guard case .server(let notice) = error, let state = notice.fields[.sqlState] else {
            return StorageError(.unavailable, "PostgreSQL is unavailable (\(error))", underlying: error)
        }
        let message = notice.fields[.message] ?? "PostgreSQL error \(state)"
        if state == "0A000", message.hasPrefix("cached plan must not change result type") {
            return StorageError(.serializationFailure, message, underlying: error)
        }
        return StorageError(code(forSQLState: state), message, underlying: error)
    }

    /// The errors of the socket under a connection, which PostgresNIO's prepared statements hand back unwrapped
    /// (`PSQLError.connectionError`, `.failedToAddSSLHandler`): a connection reset by a server that restarted is
    /// `ECONNRESET` here, and must be `unavailable` like every other lost connection, never `internal`. Nil for an
    /// error that is not the transport's.
    static func storageError(forTransport error: any Error) -> StorageError? {
        switch error {
        case is IOError, is ChannelError, is NIOSSLError, is EventLoopError:
            StorageError(.unavailable, "PostgreSQL connection lost (\(error))", underlying: error)
        default: nil
        }
    }

    /// SQLSTATE classes: 23505 unique, 40001/40P01 serialization and deadlock, 08 connection, 53 resources,
    /// 57 operator intervention (shutdown, statement timeout), 55P03 lock timeout, and 25P03/25P04 (a session
    /// ended for idling in, or overrunning, its transaction: the next attempt gets a new one).
    static func code(forSQLState state: String) -> StorageError.Code {
        switch state {
        case "23505": return .uniqueViolation
        case "40001", "40P01": return .serializationFailure
        case "55P03", "25P03", "25P04": return .unavailable
        default:
            return ["08", "53", "57", "58"].contains(String(state.prefix(2))) ? .unavailable : .engine
        }
    }
}
