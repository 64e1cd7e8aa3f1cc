import Logging
import Storage
import Wire
import WorkerRuntime

extension StorageError: WireErrorConvertible {
    /// `unavailable` while the database cannot be reached or stays busy (retry later); `conflict` for a write a
    /// unique key refused; `internal` for the rest, which the transaction step logs.
    public var wireError: WireError {
        switch code {
        case .unavailable: WireError(.unavailable, "the database is unavailable; try again shortly")
        case .serializationFailure, .lostRace:
            WireError(.unavailable, "the database was too busy to finish; try again")
        case .uniqueViolation: WireError(.conflict, "the write collided with another; try again")
        default: WireError(.internal, "internal storage error")
        }
    }

    /// ``wireError``, logged as an error of `request` when it is `internal` (the client learns nothing more).
    func wireError(reportedFor request: OpContext) -> WireError {
        if wireError.code == .internal {
            request.logger.error("storage failed", metadata: ["error": "\(self)"])
        }
        return wireError
    }
}
