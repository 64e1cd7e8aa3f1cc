import Ledger
import Testing

/// Events read from the ops' text: every fault names its field.
@Suite struct CalendarDraftTests {
    private static let good = EventDraft(
        title: "Dinner",
        start: "2026-12-01T18:00",
        end: "2026-12-01T20:00",
        timeZone: "America/Toronto"
    )

    /// `good` changed by `change`.
    private static func draft(_ change: (inout EventDraft) -> Void) -> EventDraft {
        var draft = good
        change(&draft)
        return draft
    }

    @Test(arguments: [
        (draft { $0.title = "  " }, "title"),
        (draft { $0.title = String(repeating: "x", count: 201) }, "title"),
        (draft { $0.location = String(repeating: "x", count: 201) }, "location"),
        (draft { $0.start = "2026-12-01 18:00" }, "start"),
        (draft { $0.start = "2026-12-01T24:00" }, "start"),
        (draft { $0.start = "2026-02-30T10:00" }, "start"),
        (draft { $0.start = "1899-12-31T10:00" }, "start"),
        (draft { $0.start = "2026-12-01" }, "start"),
        (draft { $0.end = nil }, "end"),
        (draft { $0.end = "2026-12-01T18:00" }, "end"),
        (draft { $0.end = "2026-12-01T17:00" }, "end"),
        (draft { $0.timeZone = "Mars/Olympus" }, "timeZone"),
        (draft { $0.timeZone = nil }, "timeZone"),
        (draft { $0.start = "2026-12-01T18:00-05:00" }, "timeZone"),
        (draft { $0.start = "2026-12-01T18:00+25:00" }, "start"),
        (draft { ($0.allDay, $0.start, $0.end) = (true, "2026-12-01", nil) }, "timeZone"),
        (draft { ($0.allDay, $0.start, $0.end, $0.timeZone) = (true, "2026-12-01T10:00", nil, nil) }, "start"),
        (draft { ($0.allDay, $0.start, $0.end, $0.timeZone) = (true, "2026-12-02", "2026-12-01", nil) }, "end"),
        (draft { $0.repeatRule = .init(frequency: "yearly") }, "repeat.frequency"),
        (draft { $0.repeatRule = .init(frequency: "daily", interval: 0) }, "repeat.interval"),
        (draft { $0.repeatRule = .init(frequency: "daily", until: "2026-11-30") }, "repeat.until"),
        (draft { $0.repeatRule = .init(frequency: "daily", until: "2026-12-31", count: 2) }, "repeat.count"),
        (draft { $0.repeatRule = .init(frequency: "daily", count: 1001) }, "repeat.count"),
    ])
    func faultsNameTheirField(draft: EventDraft, field: String) {
        #expect {
            try draft.event()
        } throws: { error in
            (error as? CalendarError)?.field == field
        }
    }

    @Test("titles and locations are trimmed; an empty location is none; zones and offsets are read")
    func reading() throws {
        let event = try Self.draft {
            $0.title = "  Dinner  "
            $0.location = " "
        }.event()
        #expect(event.title == "Dinner" && event.location == nil)
        #expect(try EventZone("+05:30", field: "z") == .offset(19_800))
        #expect(try EventZone("-0330", field: "z") == .offset(-12_600))
        #expect(try EventZone("Z", field: "z") == .offset(0))
        #expect(try EventZone("UTC", field: "z") == .named("UTC"))
        #expect(try EventZone("Asia/Kolkata", field: "z").description == "Asia/Kolkata")
        #expect(throws: CalendarError.self) { try EventZone("GMT+5", field: "z") }
        let seconds = try Self.draft { ($0.start, $0.end) = ("2026-12-01T18:00:15", "2026-12-01T18:00:16") }.event()
        guard case .timed(let start, _, _) = seconds.timing else { throw CalendarError("not timed", field: "") }
        #expect(start.description == "2026-12-01T18:00:15")
    }
}
