import PostgresNIO
import Storage

extension PostgresDatabase: ChangeNotifying {
    /// Listens on one of the read pool's connections, which it keeps for as long as it listens.
    public func listen(
        on channel: String,
        received: @escaping @Sendable (String) -> Void,
        resumed: @escaping @Sendable () -> Void
    ) async {
        while !Task.isCancelled {
            do {
                let lent = try await connectionToListenOn()
                defer { lent.giveBackToPool() }
                try await lent.connection.listen(on: channel) { notifications in
                    resumed()
                    for try await notification in notifications { received(notification.payload) }
                }
            } catch {
                if !Task.isCancelled {
                    logger.info("listening again shortly", metadata: ["channel": "\(channel)", "error": "\(error)"])
                }
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    /// A connection from the read shelf, or else newly lent by the read pool, waited for as a read waits: so a read's
    /// connection goes back to the pool for it rather than on the shelf.
    private func connectionToListenOn() async throws -> ConnectionShelf.Lent {
        if let parked = readShelf.take() { return parked }
        return try await readShelf.waiting { try await ConnectionWait.lend(from: client, limit: .seconds(2)) }
    }
}
