import Foundation
import ReckonTesting
import Testing
import Wire

/// `reckon events` as a user runs it: options checked before any call, then events added, listed with repeats
/// expanded and exported with `reckon events ical > home.ics` through a real gateway and `reckon-ledger`, the file
/// read back by an independent iCalendar parser.
@Suite struct CalendarCLITests {
    private func reckon(_ arguments: [String], config: URL, input: String = "") async throws -> ReckonCLI.Run {
        try await ReckonCLI.run(arguments, config: config, input: input)
    }

    private func configFolder() -> URL { ReckonCLI.configFolder() }

    @Test(arguments: [
        (["list"], "give --day, or --from and --to"),
        (["list", "--day", "2026-03-01", "--from", "2026-03-01", "--to", "2026-03-02"], "give --day, or --from"),
        (["add", "Yoga", "--start", "2026-03-01", "--count", "3"], "--every, --until and --count go with --repeat"),
        (
            ["add", "Yoga", "--start", "2026-03-01", "--repeat", "weekly", "--until", "2026-04-01", "--count", "3"],
            "give --until or --count, not both"
        ),
        (["edit", "e_1", "--version", "1", "--repeat", "daily", "--no-repeat"], "give --repeat or --no-repeat"),
    ])
    func optionsAreCheckedBeforeAnyCall(arguments: [String], message: String) async throws {
        let run = try await reckon(["events"] + arguments, config: configFolder())
        #expect(run.status == 64)
        #expect(run.errors.contains(message), "\(run.errors)")
    }

    @Test func aHouseholdKeepsItsCalendarFromTheCommandLine() async throws {
        if let unavailable = ICalendarScript.unavailable {
            Issue.record(Comment(rawValue: unavailable))
            return
        }
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("reckon-ledger-\(UUID().uuidString)")
        let config = configFolder()
        defer {
            try? FileManager.default.removeItem(at: data)
            try? FileManager.default.removeItem(at: config)
        }
        let stack = try await LocalStack.start(workers: [])
        defer { stack.stop() }
        try stack.startLedgerWorker(["--data-dir", data.path, "--argon2-passes", "1", "--argon2-memory-mib", "1"])
        try await stack.waitForWorkers(service: "ledger", count: 2)
        func run(_ arguments: [String], input: String = "") async throws -> String {
            let run = try await reckon(arguments + ["--endpoint", stack.clientEndpoint], config: config, input: input)
            #expect(run.status == 0, "reckon \(arguments.joined(separator: " ")): \(run.output)")
            return run.standardOutput
        }
        _ = try await run(["signup", "ana", "--password-stdin"], input: "correct horse\n")
        _ = try await run(["login", "ana", "--password-stdin"], input: "correct horse\n")
        _ = try await run(["household", "create", "Flat 3"])
        let yoga = try JSONValue(
            parsing: try await run([
                "events", "add", "Yoga", "--start", "2026-03-01T09:00", "--end", "2026-03-01T10:00", "--time-zone",
                "America/Toronto", "--location", "Studio 3", "--repeat", "weekly", "--count", "10", "--json",
            ])
        )
        let edited = try await run([
            "events", "edit", try #require(yoga["eventId"]?.stringValue), "--version", "1", "--title", "Hot yoga",
        ])
        #expect(edited.contains("Hot yoga") && edited.contains("weekly, 10 times"), "\(edited)")
        _ = try await run(["events", "add", "Holidays", "--start", "2026-12-24", "--end", "2026-12-26", "--all-day"])
        let call = try JSONValue(
            parsing: try await run(
                [
                    "events", "add", "Call", "--start", "2026-03-08T22:00+05:30", "--end", "2026-03-08T23:00+05:30",
                    "--json",
                ]
            )
        )
        let week = try await run([
            "events", "list", "--from", "2026-03-01", "--to", "2026-03-08", "--time-zone", "America/Toronto",
        ])
        let rows = week.split(separator: "\n").dropFirst(2).map { String($0.prefix(25)) }
        #expect(rows == ["2026-03-01T09:00:00-05:00", "2026-03-08T09:00:00-04:00", "2026-03-08T22:00:00+05:30"])
        #expect(try await run(["events", "list", "--day", "2026-12-25"]).contains("Holidays"))
        _ = try await run(["events", "delete", try #require(call["eventId"]?.stringValue)])
        let calendar = try await run(["events", "ical"])
        #expect(calendar.hasPrefix("BEGIN:VCALENDAR\r\n") && calendar.hasSuffix("END:VCALENDAR\r\n"))
        let parsed = try ICalendarScript.parse(calendar, between: ("2026-01-01", "2027-01-01"))
        let titles = (parsed["events"]?.arrayValue ?? []).compactMap { $0["summary"]?.stringValue }
        #expect(titles.sorted() == ["Holidays", "Hot yoga"])
        #expect(parsed["occurrences"]?.arrayValue?.count == 11)
    }
}
