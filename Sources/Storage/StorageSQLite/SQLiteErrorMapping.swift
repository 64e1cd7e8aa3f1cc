import CSQLite
import Storage

extension StorageError {
    /// The storage error for a failed SQLite call: unique and primary-key violations, the failures that mean the
    /// file cannot be used now (`unavailable`), and everything else as `engine`.
    init(_ failure: SQLiteFailure) {
        let code: Code
        switch failure.code {
        case Self.constraintUnique, Self.constraintPrimaryKey:
            code = .uniqueViolation
        default:
            switch failure.code & 0xff {
            case SQLITE_BUSY, SQLITE_LOCKED, SQLITE_CANTOPEN, SQLITE_IOERR, SQLITE_FULL, SQLITE_READONLY,
                SQLITE_NOMEM, SQLITE_CORRUPT, SQLITE_NOTADB:
                code = .unavailable
            default:
                code = .engine
            }
        }
        self.init(code, failure.message, underlying: failure)
    }

    // SQLite's extended codes are C macros Swift does not import: SQLITE_CONSTRAINT | (8 << 8) and | (6 << 8).
    private static let constraintUnique = SQLITE_CONSTRAINT | (8 << 8)
    private static let constraintPrimaryKey = SQLITE_CONSTRAINT | (6 << 8)
}
