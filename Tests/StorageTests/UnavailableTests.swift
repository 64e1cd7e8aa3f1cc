import Foundation
import Logging
import Storage
import StoragePostgres
import StorageSQLite
import Testing

@Suite struct UnavailableTests {
    @Test func anUnreachableServerIsUnavailable() async throws {
        // Port 1 on loopback: nothing listens there, so every connection is refused at once.
        let configuration = try PostgresDatabase.configuration(url: "postgres://postgres@127.0.0.1:1/none")
        let database = PostgresDatabase(configuration: configuration, logger: Logger(label: "test"))
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await database.run() }
            defer { group.cancelAll() }
            let error = await #expect(throws: StorageError.self) {
                try await database.write { db in try await db.query("SELECT 1") }
            }
            #expect(error?.code == .unavailable)
        }
    }

    @Test func anUnopenableFileIsUnavailable() async throws {
        let error = await #expect(throws: StorageError.self) {
            _ = try await SQLiteDatabase.open(.init(path: "/proc/no/such/dir/x.sqlite"), logger: Logger(label: "test"))
        }
        #expect(error?.code == .unavailable)
    }

    @Test func badURLsAreRefused() {
        #expect(throws: StorageError.self) { try PostgresDatabase.configuration(url: "mysql://x") }
        #expect(throws: StorageError.self) { try PostgresDatabase.configuration(url: "postgres:///nohost") }
    }
}
