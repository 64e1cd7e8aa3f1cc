import Foundation
import Testing
import Wire

/// The household commands of `reckon` (shop, stock, profile, records, export, and tax with a profile) against a
/// real gateway, `reckon-ledger` and a `reckon-calc` that reads profiles through the gateway.
@Suite struct HouseholdCLITests {
    @Test func aHouseholdShopsStocksAndKeepsItsRecordsFromTheCommandLine() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("reckon-ledger-\(UUID().uuidString)")
        let config = ReckonCLI.configFolder()
        defer {
            try? FileManager.default.removeItem(at: data)
            try? FileManager.default.removeItem(at: config)
        }
        let stack = try await LocalStack.start(workers: [])
        defer { stack.stop() }
        try stack.startLedgerWorker(["--data-dir", data.path, "--argon2-passes", "1", "--argon2-memory-mib", "1"])
        try stack.startWorker(slots: 1, ["--profiles-via", stack.clientEndpoint])
        try await stack.waitForWorkers(service: "ledger", count: 2)
        try await stack.waitForWorkers(service: "calc", count: 1)
        func run(_ arguments: [String], input: String = "") async throws -> String {
            let run = try await ReckonCLI.run(
                arguments + ["--endpoint", stack.clientEndpoint],
                config: config,
                input: input
            )
            #expect(run.status == 0, "reckon \(arguments.joined(separator: " ")): \(run.output)")
            return run.standardOutput
        }
        _ = try await run(["signup", "alice", "--password-stdin"], input: "correct horse\n")
        _ = try await run(["login", "alice", "--password-stdin"], input: "correct horse\n")
        _ = try await run(["household", "create", "Flat 3"])
        _ = try await run(["shop", "add", "Milk", "2", "--unit", "L"])
        _ = try await run(["shop", "add", "Flour", "500", "--unit", "g"])
        _ = try await run(["stock", "add", "Flour", "1", "--unit", "kg", "--location", "pantry", "--restock"])
        let flour = try await run(["shop", "bought", "flour", "--paid", "3.00"])
        #expect(flour.contains("Added 0.5 kg of Flour") && flour.contains("now 1.5 kg") && flour.contains("3.00"))
        _ = try await run(["shop", "bought", "Milk", "--quantity", "1", "--best-before", "2026-11-24"])
        #expect(try await run(["shop", "list"]).contains("Milk"))
        let used = try await run(["stock", "use", "Flour", "1500", "--unit", "g"])
        #expect(used.contains("0 kg left") && used.contains("On the shopping list: 1 kg of Flour"), "\(used)")
        let expiring = try await run(["stock", "expiring", "--days", "3650", "--time-zone", "UTC"])
        #expect(expiring.contains("Milk") && !expiring.contains("Flour"), "\(expiring)")
        _ = try await run(["profile", "--income", "85000", "--province", "ON"])
        #expect(try await run(["profile"]).contains("85000.00 CAD"))
        let tax = try await run(["tax", "estimate", "--year", "2026"])
        #expect(tax.contains("Ontario"), "\(tax)")
        let saved = try JSONValue(
            parsing: try await run([
                "records", "save", "Taxes 2026", "tax.estimate", "--args", #"{"year": 2026}"#, "--json",
            ])
        )
        let record = try #require(saved["recordId"]?.stringValue)
        #expect(try await run(["records"]).contains("Taxes 2026"))
        #expect(try await run(["records", "rerun", record]).contains("unchanged"))
        let csv = try await run(["export", "csv", "inventory"])
        #expect(csv.hasPrefix("item_id,name,quantity,unit,location,best_before,restock,restock_quantity\r\n"))
        let backup = try JSONValue(parsing: try await run(["export", "json"]))
        #expect(backup["inventory"]?.arrayValue?.count == 2)
    }
}
