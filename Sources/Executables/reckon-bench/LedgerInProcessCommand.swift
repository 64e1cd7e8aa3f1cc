import ArgumentParser
import Foundation
import LedgerService
import Logging
import Storage
import StoragePostgres
import StorageSQLite
import Wire
import WorkerRuntime

/// `reckon-bench ledger-inprocess`: a household of 8 members with 10,000 bills, built through the ops on a fresh
/// SQLite file (or a PostgreSQL database), then `balances` and `settle.suggest` timed as whole ops (JSON in,
/// transaction, JSON out) inside this process, no sockets; `bills.add` is timed while the household grows.
struct LedgerInProcessCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ledger-inprocess",
        abstract: "Time bills.add, balances and settle.suggest in-process for a household of 8 with 10,000 bills."
    )

    @Option(help: "Bills in the household.") var bills = 10_000
    @Option(help: "Members of the household.") var members = 8
    @Option(help: "Timed calls of balances and of settle.suggest.") var calls = 300
    @Option(help: "A postgres:// URL of an empty database to use instead of a SQLite file.") var database: String?

    func validate() throws {
        guard bills > 0, calls > 0, (2...50).contains(members) else {
            throw ValidationError("--bills and --calls must be positive, --members 2 to 50")
        }
    }

    func run() async throws {
        let logger = Logger(label: "reckon.bench")
        if let database {
            let postgres = PostgresDatabase(
                configuration: try PostgresDatabase.configuration(url: database),
                logger: logger
            )
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await postgres.run() }
                defer { group.cancelAll() }
                try await measure(postgres, engine: "PostgreSQL", logger: logger)
            }
        } else {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "reckon-bench-\(UUID.random().uuidString)"
            )
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let sqlite = try await SQLiteDatabase.open(
                .init(path: folder.appendingPathComponent("ledger.sqlite").path),
                logger: logger
            )
            try await measure(sqlite, engine: "SQLite", logger: logger)
            await sqlite.close()
        }
    }

    private func measure(_ database: any Database, engine: String, logger: Logger) async throws {
        try await LedgerService.prepare(database: database)
        let service = InProcessService(
            dispatcher: OpDispatcher(
                service: LedgerService.name,
                registry: LedgerService.makeRegistry(configuration: .init(passwords: .minimal), database: database),
                logger: logger
            )
        )
        var users: [(id: String, token: String)] = []
        for index in 0..<members {
            let name = "member\(index)"
            _ = try await service.call("auth.signup", ["username": .string(name), "password": "bench password"])
            let session = try await service.call(
                "auth.login",
                ["username": .string(name), "password": "bench password"]
            )
            users.append((session["user"]?["userId"]?.stringValue ?? "", session["token"]?.stringValue ?? ""))
        }
        let owner = users[0].token
        let home = try await service.call("household.create", ["name": "Bench"], token: owner)["householdId"] ?? .null
        for user in users.dropFirst() {
            let request = try await service.call(
                "roommates.request",
                ["householdId": home, "username": .string("member\(users.firstIndex { $0.id == user.id } ?? 0)")],
                token: owner
            )
            _ = try await service.call(
                "roommates.accept",
                ["requestId": request["requestId"] ?? .null],
                token: user.token
            )
        }
        var addTimes: [Double] = []
        for index in 0..<bills {
            let args = Self.bill(index, household: home, members: users.map(\.id))
            addTimes.append(
                try await InProcessService.timed { _ = try await service.call("bills.add", args, token: owner) }
            )
        }
        var balanceTimes: [Double] = []
        var settleTimes: [Double] = []
        for _ in 0..<calls {
            balanceTimes.append(
                try await InProcessService.timed {
                    _ = try await service.call("balances", ["householdId": home], token: owner)
                }
            )
            settleTimes.append(
                try await InProcessService.timed {
                    _ = try await service.call("settle.suggest", ["householdId": home], token: owner)
                }
            )
        }
        let plan = try await service.call("settle.suggest", ["householdId": home], token: owner)
        let transfers = plan["transfers"]?.arrayValue ?? []
        let reasons = transfers.map { $0["because"]?.arrayValue?.count ?? 0 }.reduce(0, +)
        print("settle.suggest answers \(transfers.count) transfers explained by \(reasons) bills and payments")
        InProcessService.printPercentiles(
            "ledger in-process on \(engine): \(members) members, \(bills) bills (bills.add timed while they are added), "
                + "\(calls) calls of balances and settle.suggest; per call, µs",
            [("bills.add", addTimes), ("balances", balanceTimes), ("settle.suggest", settleTimes)]
        )
    }

    /// Bill `index`: a varying payer, amount and split kind, so every member ends up with some non-zero balance.
    private static func bill(_ index: Int, household: JSONValue, members: [String]) -> JSONValue {
        let payer = members[index % members.count]
        let amount = "\(10 + index % 190).\(10 + index % 89)"
        let split: JSONValue =
            index % 2 == 0
            ? ["kind": "equal"]
            : [
                "kind": "shares",
                "shares": .object(JSONObject(members.enumerated().map { ($1, .number(String(1 + ($0 + index) % 3))) })),
            ]
        return [
            "householdId": household, "description": .string("bill \(index)"), "amount": .string(amount),
            "paidBy": .string(payer), "split": split,
        ]
    }
}
