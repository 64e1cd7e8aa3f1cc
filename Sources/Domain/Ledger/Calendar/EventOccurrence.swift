import Dates

/// One occurrence of an event: its number in the series and when it happens.
public struct EventOccurrence: Sendable, Hashable {
    /// When an occurrence happens.
    public enum Span: Sendable, Hashable {
        /// From `start` to `end` (seconds since 1970), shown in `zone`.
        case timed(start: Int64, end: Int64, zone: EventZone)
        /// Whole days, `first` to `last` included.
        case allDay(first: CivilDate, last: CivilDate)
    }

    /// 0 for the event's first occurrence, 1 for the next, and so on (skipped months are not counted).
    public var index: Int
    /// When it happens.
    public var span: Span
    /// The instant it starts; for an all-day occurrence, the start of its first day in the listing's zone.
    public var sortKey: Int64

    /// The start as ISO 8601: `2026-03-09T09:00:00-04:00` in the event's zone, or `2026-03-09` for a whole day.
    public var startText: String {
        switch span {
        case .timed(let start, _, let zone): Self.text(start, zone)
        case .allDay(let first, _): first.description
        }
    }

    /// The end as ISO 8601: a time with its offset, or the last day (included) of an all-day occurrence.
    public var endText: String {
        switch span {
        case .timed(_, let end, let zone): Self.text(end, zone)
        case .allDay(_, let last): last.description
        }
    }

    private static func text(_ instant: Int64, _ zone: EventZone) -> String {
        zone.local(at: instant).description + EventZone.offsetText(zone.offset(at: instant))
    }
}
