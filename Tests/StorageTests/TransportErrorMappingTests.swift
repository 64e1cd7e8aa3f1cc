import Glibc
import NIOCore
import PostgresNIO
import Storage
import Testing

@testable import StoragePostgres

/// A connection lost under a statement is `unavailable`, which clients send again, however PostgresNIO reports it:
/// its prepared statements hand back the socket's own error (ECONNRESET from a server that restarted), which once
/// fell through to `internal`.
@Suite struct TransportErrorMappingTests {
    @Test func aResetOrClosedSocketIsUnavailable() {
        let errors: [any Error] = [
            IOError(errnoCode: ECONNRESET, reason: "read"), IOError(errnoCode: EPIPE, reason: "write"),
            ChannelError.ioOnClosedChannel, ChannelError.eof, EventLoopError.shutdown,
        ]
        for error in errors {
            #expect(PostgresErrorMapping.storageError(forTransport: error)?.code == .unavailable, "\(error)")
        }
    }

    @Test func anErrorThatIsNotTheSocketsIsLeftAlone() {
        #expect(PostgresErrorMapping.storageError(forTransport: StorageError(.misuse, "x")) == nil)
    }

    @Test func aSessionEndedForIdlingOrOverrunningItsTransactionIsUnavailable() {
        for state in ["25P03", "25P04", "57P01", "08006"] {
            #expect(PostgresErrorMapping.code(forSQLState: state) == .unavailable, "\(state)")
        }
        #expect(PostgresErrorMapping.code(forSQLState: "25P02") == .engine)
    }
}
