import Foundation
import ReckonTesting
import Storage

/// Database flags for `reckon-orders` or `reckon-ledger` in a test: a fresh SQLite folder, or a fresh PostgreSQL database on the test
/// server; removed afterwards.
enum WorkerState {
    static func with(_ engine: DatabaseEngine, _ body: @Sendable ([String]) async throws -> Void) async throws {
        switch engine {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "reckon-orders-\(UUID().uuidString)"
            )
            defer { try? FileManager.default.removeItem(at: folder) }
            try await body(["--data-dir", folder.path])
        case .postgres:
            try await TestDatabase.with(.postgres) { _, url in try await body(["--database", url]) }
        }
    }

    /// A staff key file for the worker, and the key.
    static func staffKey() throws -> (file: String, key: String) {
        let key = "test-staff-key-" + UUID().uuidString
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("staff-\(UUID().uuidString)").path
        try key.write(toFile: file, atomically: true, encoding: .utf8)
        return (file, key)
    }
}
