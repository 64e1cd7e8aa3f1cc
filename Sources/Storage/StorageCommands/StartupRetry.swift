import Logging
import Storage

/// Start-up steps that need the database (migrations) wait for it instead of failing the process: a worker that
/// starts before its PostgreSQL server comes up keeps trying, once a second, until it is there or the process stops.
public enum StartupRetry {
    /// Runs `step` until it does not fail with `unavailable`.
    /// - Throws: any other error of `step`; `CancellationError` when the process stops while waiting.
    public static func untilAvailable(logger: Logger, _ step: () async throws -> Void) async throws {
        var logged = false
        while true {
            do {
                return try await step()
            } catch let error as StorageError where error.code == .unavailable {
                if !logged {
                    logger.warning(
                        "database unavailable at start; retrying every second",
                        metadata: ["error": "\(error)"]
                    )
                    logged = true
                }
                try await Task.sleep(for: .seconds(1))
            }
        }
    }
}
