import Foundation
import Logging
import Storage
import StorageSQLite
import Testing

/// A SQLite database holds password hashes and session digests: its file and the `-wal` and `-shm` files beside it
/// are its owner's alone, whatever the umask, and an older file readable by others is brought down to 0600.
@Suite struct SQLiteFileModeTests {
    private static func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    private static func withFile(_ body: (String) async throws -> Void) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mode-\(UUID().uuidString).sqlite")
            .path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        try await body(path)
    }

    @Test func aNewDatabaseAndItsWriteAheadLogAreTheOwnersAlone() async throws {
        try await Self.withFile { path in
            let database = try await SQLiteDatabase.open(.init(path: path), logger: Logger(label: "test"))
            _ = try await database.write { db in try await db.query("CREATE TABLE secret (hash TEXT NOT NULL)") }
            _ = try await database.write { db in try await db.query("INSERT INTO secret (hash) VALUES ('x')") }
            for suffix in ["", "-wal", "-shm"] { #expect(try Self.mode(path + suffix) == 0o600, "\(suffix)") }
            await database.close()
        }
    }

    @Test func anOlderFileReadableByOthersIsTightenedWhenOpened() async throws {
        try await Self.withFile { path in
            #expect(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o644]))
            #expect(try Self.mode(path) == 0o644)
            let database = try await SQLiteDatabase.open(.init(path: path), logger: Logger(label: "test"))
            #expect(try Self.mode(path) == 0o600)
            await database.close()
        }
    }
}
