import Dates
import Foundation

/// The VTIMEZONE that defines a zone's TZID over a span of time, from Foundation's tzdata: one observance for the
/// offset in effect when the span starts, then one per transition (daylight saving time starting or ending) up to its
/// end. A fixed offset is one STANDARD observance.
struct VTimeZone {
    /// The zone.
    let zone: EventZone
    /// The first and last instant (seconds since 1970) that events need the zone for.
    let span: ClosedRange<Int64>

    /// The TZID events name the zone by: the IANA name, or `UTC-0500` for a fixed offset of -05:00.
    static func identifier(_ zone: EventZone) -> String {
        switch zone {
        case .named(let name): name
        case .offset(let seconds): "UTC" + EventZone.offsetText(seconds).filter { $0 != ":" }
        }
    }

    /// Adds the component.
    func write(to lines: inout ICalendarLines) {
        lines.add("BEGIN", "VTIMEZONE")
        lines.add("TZID", Self.identifier(zone))
        let opening = zone.offset(at: span.lowerBound)
        observance(at: span.lowerBound, from: opening, to: opening, to: &lines)
        if case .named(let name) = zone {
            let timeZone = EventZone.timeZone(name)
            var after = Date(timeIntervalSince1970: Double(span.lowerBound))
            while let next = timeZone.nextDaylightSavingTimeTransition(after: after),
                Int64(next.timeIntervalSince1970) <= span.upperBound
            {
                let instant = Int64(next.timeIntervalSince1970)
                observance(at: instant, from: zone.offset(at: instant - 1), to: zone.offset(at: instant), to: &lines)
                after = next
            }
        }
        lines.add("END", "VTIMEZONE")
    }

    /// A STANDARD or DAYLIGHT observance starting at `instant`, its DTSTART in the offset before it.
    private func observance(at instant: Int64, from before: Int, to offset: Int, to lines: inout ICalendarLines) {
        let kind = isDaylight(at: instant) ? "DAYLIGHT" : "STANDARD"
        lines.add("BEGIN", kind)
        lines.add("DTSTART", LocalDateTime(secondsSinceEpoch: instant + Int64(before)).basicText)
        lines.add("TZOFFSETFROM", Self.offset(before))
        lines.add("TZOFFSETTO", Self.offset(offset))
        lines.add("END", kind)
    }

    private func isDaylight(at instant: Int64) -> Bool {
        guard case .named(let name) = zone else { return false }
        return EventZone.timeZone(name).isDaylightSavingTime(for: Date(timeIntervalSince1970: Double(instant)))
    }

    /// `-0500`, the RFC 5545 UTC-OFFSET form (seconds added when not whole minutes).
    private static func offset(_ seconds: Int) -> String {
        let text = EventZone.offsetText(seconds).filter { $0 != ":" }
        return seconds % 60 == 0 ? text : text + CivilDate.pad(abs(seconds) % 60, 2)
    }
}
