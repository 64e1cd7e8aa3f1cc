import SQLiteNIO
import Storage

/// Sorts SQLite's result codes into the storage layer's error codes.
enum SQLiteErrorMapping {
    static func code(for reason: SQLiteError.Reason) -> StorageError.Code {
        switch reason {
        case .constraintUniqueFailed, .constraintPrimaryKeyFailed:
            return .uniqueViolation
        case .busy, .busyTimeout, .busyInRecovery, .busyInSnapshot, .locked, .cantOpen, .cantOpenDirectory,
            .cantOpenInvalidPath, .ioError, .ioErrorFailedRead, .ioErrorIncompleteRead, .ioErrorFailedWrite,
            .ioErrorFailedSync, .ioErrorFailedDirSync, .ioErrorFailedTruncate, .ioErrorFailedStat,
            .ioErrorFailedLockCheck,
            .ioErrorFailedReadLock, .ioErrorFailedAccess, .ioErrorFailedSharedMemOpen, .ioErrorFailedSharedMemSize,
            .ioErrorFailedSharedMemMap, .ioErrorFailedMemoryMap, .ioErrorNoMemory, .full, .readOnly, .readonlyCantLock,
            .readonlyInRecovery, .readonlyDirectory, .readonlyBackingMoved, .noMemory, .corrupt, .notADatabase:
            return .unavailable
        default:
            return .engine
        }
    }
}
