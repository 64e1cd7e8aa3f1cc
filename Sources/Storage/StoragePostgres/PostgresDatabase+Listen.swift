import PostgresNIO
import Storage

extension PostgresDatabase: ChangeNotifying {
    /// Listens on one of the pool's connections, which it keeps for as long as it listens.
    public func listen(
        on channel: String,
        received: @escaping @Sendable (String) -> Void,
        resumed: @escaping @Sendable () -> Void
    ) async {
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: channel) { notifications in
                        resumed()
                        for try await notification in notifications { received(notification.payload) }
                    }
                }
            } catch {
                if !Task.isCancelled {
                    logger.info("listening again shortly", metadata: ["channel": "\(channel)", "error": "\(error)"])
                }
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }
}
