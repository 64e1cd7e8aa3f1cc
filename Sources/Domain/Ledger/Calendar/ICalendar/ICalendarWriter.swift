import Dates

/// Writes events as one RFC 5545 calendar (`.ics`) that calendar programs import.
///
/// Each event is a VEVENT with a stable UID (`<id>@<domain>`), DTSTAMP (when it last changed, UTC), SEQUENCE
/// (its edits), SUMMARY, LOCATION and RRULE. A timed event's DTSTART and DTEND carry a TZID defined by a
/// VTIMEZONE in the calendar: the IANA name, or `UTC-0500` for a fixed offset (so a monthly repeat keeps its local
/// day); an all-day one's are `VALUE=DATE`, DTEND being the day after the last (exclusive, as RFC 5545 has it).
public struct ICalendarWriter: Sendable {
    /// An event to write, with what the calendar needs beyond the event itself.
    public struct Entry: Sendable {
        public var id: String
        public var event: CalendarEvent
        /// When it last changed, seconds since 1970.
        public var stamp: Int64
        /// How many times it was edited (0 for none).
        public var sequence: Int

        /// Creates the value.
        public init(id: String, event: CalendarEvent, stamp: Int64, sequence: Int) {
            self.id = id
            self.event = event
            self.stamp = stamp
            self.sequence = sequence
        }
    }

    /// PRODID.
    public var productID: String
    /// The domain after `@` in each UID.
    public var domain: String
    /// The last day a VTIMEZONE covers for repeats with no end.
    public var horizon: CivilDate

    /// Creates a writer.
    public init(
        productID: String = "-//Reckon//Ledger Calendar//EN",
        domain: String = "ledger.reckon",
        horizon: CivilDate
    ) {
        self.productID = productID
        self.domain = domain
        self.horizon = horizon
    }

    /// The calendar, named `name` (X-WR-CALNAME) when given, lines ending in CRLF.
    public func calendar(_ entries: [Entry], name: String? = nil) -> String {
        var lines = ICalendarLines()
        lines.add("BEGIN", "VCALENDAR")
        lines.add("VERSION", "2.0")
        lines.add("PRODID", text: productID)
        lines.add("CALSCALE", "GREGORIAN")
        if let name { lines.add("X-WR-CALNAME", text: name) }
        for zone in zoneSpans(entries) { zone.write(to: &lines) }
        for entry in entries { write(entry, to: &lines) }
        lines.add("END", "VCALENDAR")
        return lines.text
    }

    private func write(_ entry: Entry, to lines: inout ICalendarLines) {
        lines.add("BEGIN", "VEVENT")
        lines.add("UID", text: entry.id + "@" + domain)
        lines.add("DTSTAMP", LocalDateTime(secondsSinceEpoch: entry.stamp).basicText + "Z")
        lines.add("SEQUENCE", String(entry.sequence))
        switch entry.event.timing {
        case .timed(let start, let end, let zone):
            let tzid = ";TZID=" + VTimeZone.identifier(zone)
            lines.add("DTSTART" + tzid, start.basicText)
            lines.add("DTEND" + tzid, end.basicText)
        case .allDay(let first, let last):
            lines.add("DTSTART;VALUE=DATE", first.basicText)
            lines.add("DTEND;VALUE=DATE", last.adding(days: 1).basicText)
        }
        if let rule = entry.event.repeatRule { lines.add("RRULE", recur(rule, entry.event.timing)) }
        lines.add("SUMMARY", text: entry.event.title)
        if let location = entry.event.location { lines.add("LOCATION", text: location) }
        lines.add("END", "VEVENT")
    }

    /// `FREQ=WEEKLY;INTERVAL=2;UNTIL=...` or `;COUNT=n`; a timed event's UNTIL is the end of its last day in the
    /// event's zone, in UTC (RFC 5545 §3.3.10).
    private func recur(_ rule: RepeatRule, _ timing: EventTiming) -> String {
        var parts = ["FREQ=" + rule.frequency.rawValue.uppercased(), "INTERVAL=\(rule.interval)"]
        switch (rule.end, timing) {
        case (.until(let day), .timed(_, _, let zone)):
            let instant = zone.instant(of: LocalDateTime(date: day, secondOfDay: 86_399))
            parts.append("UNTIL=" + LocalDateTime(secondsSinceEpoch: instant).basicText + "Z")
        case (.until(let day), .allDay): parts.append("UNTIL=" + day.basicText)
        case (.count(let count), _): parts.append("COUNT=\(count)")
        case (nil, _): break
        }
        return parts.joined(separator: ";")
    }

    /// One VTIMEZONE per zone the timed events use, by TZID, covering from a day before the first start to a day
    /// after the last end (or ``horizon`` for a repeat with no end).
    private func zoneSpans(_ entries: [Entry]) -> [VTimeZone] {
        var spans: [String: VTimeZone] = [:]
        for entry in entries {
            guard case .timed(let start, let end, let zone) = entry.event.timing else { continue }
            let lastStart = entry.event.lastDay ?? max(horizon, start.date)
            let lastEnd = lastStart.adding(days: end.date.daysSinceEpoch - start.date.daysSinceEpoch)
            let span =
                zone.instant(
                    of: LocalDateTime(date: start.date.adding(days: -1), secondOfDay: 0)
                )...zone.instant(of: LocalDateTime(date: lastEnd.adding(days: 2), secondOfDay: 0))
            let id = VTimeZone.identifier(zone)
            let known = spans[id]?.span ?? span
            spans[id] = VTimeZone(
                zone: zone,
                span: min(known.lowerBound, span.lowerBound)...max(known.upperBound, span.upperBound)
            )
        }
        return spans.keys.sorted().compactMap { spans[$0] }
    }
}

extension CalendarEvent {
    /// The day the last occurrence starts on, or `nil` when the event repeats for ever.
    var lastDay: CivilDate? {
        let first = timing.startDay
        guard let rule = repeatRule else { return first }
        switch rule.end {
        case .until(let until)?: return until
        case .count(let count)?:
            var (step, found, day) = (0, 0, first)
            while found < count, let nominal = rule.nominalDay(step, from: first) {
                if let next = rule.day(step, from: first) { (found, day) = (found + 1, next) }
                step += 1
                if nominal.year > EventDraft.years.upperBound { break }
            }
            return day
        case nil: return nil
        }
    }
}
