import Foundation
import Testing
import Wire

/// `reckon import` as a user runs it, through a real gateway and `reckon-ledger`: a Splitwise export previewed,
/// imported, and imported once only; a name mapped with `--member`, another invited with `--invite`; a file with a bad
/// row refused whole.
@Suite struct ImportCLITests {
    @Test func aSplitwiseExportIsImportedOnceFromTheCommandLine() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reckon-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let (alice, bob) = (ReckonCLI.configFolder(), ReckonCLI.configFolder())
        defer { for url in [folder, alice, bob] { try? FileManager.default.removeItem(at: url) } }
        let stack = try await LocalStack.start(workers: [])
        defer { stack.stop() }
        try stack.startLedgerWorker([
            "--data-dir", folder.appendingPathComponent("data").path, "--argon2-passes", "1", "--argon2-memory-mib",
            "1",
        ])
        try await stack.waitForWorkers(service: "ledger", count: 2)
        func run(_ arguments: [String], _ config: URL, input: String = "") async throws -> ReckonCLI.Run {
            try await ReckonCLI.run(arguments + ["--endpoint", stack.clientEndpoint], config: config, input: input)
        }
        func succeed(_ arguments: [String], _ config: URL, input: String = "") async throws -> String {
            let done = try await run(arguments, config, input: input)
            #expect(done.status == 0, "reckon \(arguments.joined(separator: " ")): \(done.output)")
            return done.standardOutput
        }
        for (name, config) in [("alice", alice), ("bob", bob)] {
            _ = try await succeed(["signup", name, "--password-stdin"], config, input: "correct horse\n")
            _ = try await succeed(["login", name, "--password-stdin"], config, input: "correct horse\n")
        }
        _ = try await succeed(["household", "create", "Flat 3"], alice)
        let invite = try JSONValue(parsing: try await succeed(["household", "invite", "bob", "--json"], alice))
        _ = try await succeed(["household", "accept", try #require(invite["requestId"]?.stringValue)], bob)

        // "Alice" is alice by her username; "Bobby" is nobody's, so --member says who.
        let export = folder.appendingPathComponent("group.csv")
        try """
        Date,Description,Category,Cost,Currency,Alice,Bobby\r
        2026-01-05,"Groceries, weekly",Groceries,84.30,CAD,42.15,-42.15\r
        2026-01-09,Bobby paid Alice,Payment,10.00,CAD,-10.00,10.00\r
        2026-01-31,Total balance, , ,CAD,32.15,-32.15\r

        """.write(to: export, atomically: true, encoding: .utf8)
        let unmapped = try await run(["import", export.path, "--from", "splitwise", "--dry-run"], alice)
        #expect(unmapped.status == 1 && unmapped.standardOutput.contains("row 1, Bobby"), "\(unmapped.output)")
        let mapped = ["import", export.path, "--from", "splitwise", "--member", "Bobby=bob"]
        let preview = try await succeed(mapped + ["--dry-run"], alice)
        #expect(preview.contains("Would import 1 bills and 1 payments"), "\(preview)")
        #expect(try await succeed(["bills"], alice).contains("Groceries") == false)
        let done = try JSONValue(parsing: try await succeed(mapped + ["--json"], alice))
        #expect(done["bills"] == 1 && done["payments"] == 1 && done["alreadyImported"] == false)
        #expect(try await succeed(["balances"], bob).contains("-32.15"))
        let again = try await succeed(mapped, alice)
        #expect(again.contains("Already imported (nothing written)"), "\(again)")

        // "Cy" is nobody here: --invite asks cy in and imports nothing until cy accepts; then the same command
        // imports, with Cy as cy.
        let (cy, trip) = (ReckonCLI.configFolder(), folder.appendingPathComponent("trip.csv"))
        defer { try? FileManager.default.removeItem(at: cy) }
        _ = try await succeed(["signup", "cyd", "--password-stdin"], cy, input: "correct horse\n")
        _ = try await succeed(["login", "cyd", "--password-stdin"], cy, input: "correct horse\n")
        try "Date,Description,Category,Cost,Currency,Alice,Cy\r\n2026-03-01,Train,General,20.00,CAD,10.00,-10.00\r\n"
            .write(to: trip, atomically: true, encoding: .utf8)
        let inviting = ["import", trip.path, "--from", "splitwise", "--invite", "Cy=cyd"]
        let invited = try await succeed(inviting, alice)
        #expect(invited.contains("Invited cyd as Cy.") && invited.contains("Nothing imported"), "\(invited)")
        #expect(try await succeed(inviting, alice).contains("cyd is invited already."))
        let inbox = try JSONValue(parsing: try await succeed(["household", "requests", "--json"], cy))
        let request = try #require(inbox["received"]?.arrayValue?.first?["requestId"]?.stringValue)
        _ = try await succeed(["household", "accept", request], cy)
        let imported = try JSONValue(parsing: try await succeed(inviting + ["--json"], alice))
        #expect(imported["bills"] == 1 && imported["errorCount"] == 0)

        let bad = folder.appendingPathComponent("bad.csv")
        try "Date,Description,Category,Cost,Currency,Alice,bob\n2026-02-30,Odd,General,1.00,CAD,0.50,-0.50\n"
            .write(to: bad, atomically: true, encoding: .utf8)
        let refused = try await run(["import", bad.path, "--from", "splitwise"], alice)
        #expect(refused.status == 1 && refused.output.contains("row 2, Date"), "\(refused.output)")
    }
}
