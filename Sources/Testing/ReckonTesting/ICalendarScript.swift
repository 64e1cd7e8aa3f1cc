import Foundation
import Wire

/// Reads `.ics` text with an independent iCalendar parser: `scripts/ical-events.py`, run by the Python that
/// `RECKON_ICALENDAR_PYTHON` names (one with PyPI's `icalendar` and `recurring_ical_events`; `scripts/test.sh` makes
/// a throwaway venv).
public enum ICalendarScript {
    /// The environment variable naming the Python.
    public static let variable = "RECKON_ICALENDAR_PYTHON"

    /// Why the parser cannot run, or `nil` when it can; tests record this as a failure rather than skip.
    public static var unavailable: String? {
        guard ProcessInfo.processInfo.environment[variable] == nil else { return nil }
        return """
            \(variable) is not set: it must name a Python with icalendar and recurring_ical_events \
            (scripts/test.sh makes one: python3 -m venv DIR && DIR/bin/pip install icalendar recurring_ical_events)
            """
    }

    /// What the script reads from `calendar`: `{events: [...], occurrences: [...]}`, the occurrences those starting
    /// from `between.from` up to (not including) `between.to`, both `YYYY-MM-DD`.
    /// - Throws: ``Failure`` when the script cannot run or fails (with what it printed and the calendar).
    public static func parse(_ calendar: String, between: (from: String, to: String)) throws -> JSONValue {
        guard let python = ProcessInfo.processInfo.environment[variable] else {
            throw Failure(description: unavailable ?? variable)
        }
        // This file is Sources/Testing/ReckonTesting/ICalendarScript.swift: four folders below the repository.
        let repository = (0..<4).reduce(URL(fileURLWithPath: #filePath)) { url, _ in url.deletingLastPathComponent() }
        let script = repository.appendingPathComponent("scripts/ical-events.py")
        let run = try CapturedRun.run(
            URL(fileURLWithPath: python),
            [script.path, "--between", between.from, between.to],
            input: Data(calendar.utf8)
        )
        guard run.status == 0 else {
            throw Failure(
                description: "ical-events.py failed: \(String(decoding: run.errors, as: UTF8.self))\n\(calendar)"
            )
        }
        return try JSONValue(parsing: String(decoding: run.output, as: UTF8.self))
    }

    /// The parser could not read a calendar.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }
}
