import Foundation
import Testing
import Wire

/// The ledger commands of `reckon`, run as a user would: arguments checked before any call, and a whole roommate
/// story against a real gateway and `reckon-ledger`, with the session file kept private.
@Suite struct LedgerCLITests {
    private func configFolder() -> URL { ReckonCLI.configFolder() }

    private func reckon(_ arguments: [String], config: URL, input: String = "") async throws -> ReckonCLI.Run {
        try await ReckonCLI.run(arguments, config: config, input: input)
    }

    @Test(arguments: [
        (["--shares", "alice=2", "--percent", "bob=100"], "give one split"),
        (["--shares", "alice=two"], "--shares: expected NAME=VALUE entries"),
        (["--item", "Pizza"], "--item: expected DESCRIPTION=AMOUNT:NAME,NAME"),
        (["--split", "thirds"], "--split takes equal"),
        (["--tip", "5.00"], "--tax and --tip go with --item"),
        (["--paid-by", "me", "--payer", "bob=10"], "give --paid-by or --payer, not both"),
    ])
    func billFormsAreCheckedBeforeAnyCall(extra: [String], message: String) async throws {
        let run = try await reckon(["bill", "add", "Groceries", "84.30"] + extra, config: configFolder())
        #expect(run.status == 64)
        #expect(run.output.contains(message), "\(run.output)")
    }

    @Test func commandsNeedASession() async throws {
        let run = try await reckon(["bills"], config: configFolder())
        #expect(run.status == 1)
        #expect(run.output.contains("not signed in: run reckon login"), "\(run.output)")
    }

    /// Runs `body` with a gateway and a ledger worker of its own, and a fresh folder for the test's files.
    private func withLedger(_ body: (_ endpoint: String, _ folder: URL) async throws -> Void) async throws {
        let folder = configFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stack = try await LocalStack.start(workers: [])
        defer { stack.stop() }
        let data = folder.appendingPathComponent("data").path
        try stack.startLedgerWorker(["--data-dir", data, "--argon2-passes", "1", "--argon2-memory-mib", "1"])
        try await stack.waitForWorkers(service: "ledger", count: 2)
        try await body(stack.clientEndpoint, folder)
    }

    @Test func theSessionLivesUnderHomeWhenNoFolderIsNamed() async throws {
        try await withLedger { endpoint, home in
            let environment = ["HOME": home.path, "RECKON_CONFIG_DIR": "", "XDG_CONFIG_HOME": ""]
            for command in ["signup", "login"] {
                let run = try await ReckonCLI.run(
                    [command, "hana", "--password-stdin", "--endpoint", endpoint],
                    environment: environment,
                    input: "correct horse\n"
                )
                #expect(run.status == 0, "\(run.output)")
            }
            let session = home.appendingPathComponent(".config/reckon/session.json")
            #expect(FileManager.default.fileExists(atPath: session.path))
        }
    }

    @Test func aHouseholdIsChosenByItsNameWhenNoOtherHasIt() async throws {
        try await withLedger { endpoint, folder in
            let config = folder.appendingPathComponent("config")
            func run(_ arguments: [String], input: String = "") async throws -> ReckonCLI.Run {
                try await reckon(arguments + ["--endpoint", endpoint], config: config, input: input)
            }
            _ = try await run(["signup", "ida", "--password-stdin"], input: "correct horse\n")
            _ = try await run(["login", "ida", "--password-stdin"], input: "correct horse\n")
            for name in ["Flat 3", "Cottage", "Cabin", "Cabin"] { _ = try await run(["household", "create", name]) }
            let used = try await run(["household", "use", "flat 3"])
            #expect(used.status == 0 && used.standardOutput.contains("now using Flat 3"), "\(used.output)")
            let ambiguous = try await run(["household", "use", "Cabin"])
            #expect(ambiguous.status == 1 && ambiguous.errors.contains("several of your households are called Cabin"))
            let unknown = try await run(["household", "use", "Castle"])
            #expect(unknown.status == 1 && unknown.errors.contains("not_found"), "\(unknown.output)")
        }
    }

    @Test func roommatesKeepTheirBookFromTheCommandLine() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("reckon-ledger-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let stack = try await LocalStack.start(workers: [])
        defer { stack.stop() }
        try stack.startLedgerWorker(["--data-dir", data.path, "--argon2-passes", "1", "--argon2-memory-mib", "1"])
        try await stack.waitForWorkers(service: "ledger", count: 2)
        let endpoint = ["--endpoint", stack.clientEndpoint]
        let alice = configFolder().appendingPathComponent("reckon")
        let bob = configFolder()
        defer {
            try? FileManager.default.removeItem(at: alice.deletingLastPathComponent())
            try? FileManager.default.removeItem(at: bob)
        }
        func run(_ arguments: [String], _ config: URL, input: String = "") async throws -> String {
            let run = try await reckon(arguments + endpoint, config: config, input: input)
            #expect(run.status == 0, "reckon \(arguments.joined(separator: " ")): \(run.output)")
            return run.output
        }
        for (name, config) in [("alice", alice), ("bob", bob)] {
            _ = try await run(["signup", name, "--password-stdin"], config, input: "correct horse\n")
            _ = try await run(["login", name, "--password-stdin"], config, input: "correct horse\n")
        }
        let session = alice.appendingPathComponent("session.json")
        let attributes = try FileManager.default.attributesOfItem(atPath: session.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect((try FileManager.default.attributesOfItem(atPath: alice.path)[.posixPermissions] as? Int) == 0o700)
        _ = try await run(["household", "create", "Flat 3"], alice)
        let invite = try JSONValue(parsing: try await run(["household", "invite", "bob", "--json"], alice))
        let request = try #require(invite["requestId"]?.stringValue)
        _ = try await run(["household", "accept", request], bob)
        _ = try await run(["household", "use", try #require(invite["householdId"]?.stringValue)], bob)
        let added = try await run(["bill", "add", "Groceries", "84.30", "--split-exact", "me=10.00,bob=74.30"], alice)
        #expect(added.contains("74.30"))
        let settle = try await run(["settle"], bob)
        #expect(settle.contains("bob pays alice 74.30"), "\(settle)")
        #expect(settle.contains("Groceries"))
        _ = try await run(["pay", "alice", "74.30"], bob)
        #expect(try await run(["settle"], alice).contains("Nothing to settle"))
        let balances = try await run(["balances"], alice)
        #expect(balances.contains("0.00"))
        _ = try await run(["logout"], alice)
        #expect(!FileManager.default.fileExists(atPath: session.path))
        let after = try await reckon(["bills"] + endpoint, config: alice)
        #expect(after.status == 1 && after.output.contains("not signed in"))
    }
}
