import Foundation
import Testing

@testable import StorageCommands

/// A Docker secret holds the PostgreSQL password; the URL in the environment leaves it out.
@Suite struct DatabasePasswordFileTests {
    @Test func thePasswordFileFillsTheURL() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pw-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try "s3cr#t/pw\n".write(to: file, atomically: true, encoding: .utf8)
        let url = try DatabaseOptions.url("postgres://reckon@postgres:5432/reckon", passwordFrom: file.path)
        let components = try #require(URLComponents(string: url))
        #expect(components.user == "reckon" && components.password == "s3cr#t/pw" && components.host == "postgres")
        #expect(DatabaseOptions.redacted(url) == "postgres://reckon:***@postgres:5432/reckon")
    }

    @Test func aMissingFileIsAClearError() {
        #expect(throws: (any Error).self) {
            try DatabaseOptions.url("postgres://reckon@postgres/reckon", passwordFrom: "/nonexistent/password")
        }
    }
}
