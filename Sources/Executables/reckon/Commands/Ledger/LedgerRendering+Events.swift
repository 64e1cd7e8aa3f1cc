import LedgerAPI

extension LedgerRendering {
    /// An event: its id, title, timing, place and repeat.
    static func event(_ event: EventView) -> String {
        let when = event.start + " to " + event.end + (event.allDay ? " (all day)" : " " + (event.timeZone ?? ""))
        var fields = [("Event", event.title), ("ID", event.eventId), ("When", when)]
        if let location = event.location { fields.append(("Where", location)) }
        if let rule = event.repeat { fields.append(("Repeats", repeatText(rule))) }
        return OrdersRendering.fields(fields)
    }

    /// Occurrences in a table, by start.
    static func occurrences(_ occurrences: [OccurrenceView]) -> String {
        guard !occurrences.isEmpty else { return "(no events)" }
        let rows = occurrences.map { occurrence in
            [
                occurrence.allDay ? occurrence.start + " (all day)" : occurrence.start, occurrence.end,
                occurrence.title, occurrence.location ?? "", occurrence.eventId,
            ]
        }
        return TextTable(headers: ["Start", "End", "Title", "Where", "Event"], rows: rows).render()
    }

    /// `weekly, every 2, until 2026-12-31`.
    private static func repeatText(_ rule: EventRepeat) -> String {
        var parts = [rule.frequency]
        if let interval = rule.interval, interval > 1 { parts.append("every \(interval)") }
        if let until = rule.until { parts.append("until \(until)") }
        if let count = rule.count { parts.append("\(count) times") }
        return parts.joined(separator: ", ")
    }
}
