import Dates

/// The days a listing covers, `first` to `last` (both included), as they fall in `zone`; at most ``maximumDays``
/// long, and a listing gives at most ``maximumOccurrences`` occurrences.
public struct OccurrenceRange: Sendable, Hashable {
    /// The longest range, in days.
    public static let maximumDays = 366
    /// The most occurrences one listing gives.
    public static let maximumOccurrences = 1000

    /// The first day.
    public let first: CivilDate
    /// The last day, included.
    public let last: CivilDate
    /// The zone the days are read in (timed events overlap them by instants; all-day ones by date).
    public let zone: EventZone

    /// The range from `from` to `to` (both `YYYY-MM-DD`) in `timeZone` (default `UTC`).
    /// - Throws: ``CalendarError`` at `fields.from` or `fields.to` for a bad day, a `to` before `from` or a range
    ///   over ``maximumDays`` days; at `timeZone` for an unknown zone.
    public init(
        from: String,
        to: String,
        timeZone: String?,
        fields: (from: String, to: String) = ("from", "to")
    ) throws(CalendarError) {
        first = try EventDraft.day(from, field: fields.from)
        last = try EventDraft.day(to, field: fields.to)
        zone = try timeZone.map { name throws(CalendarError) in try EventZone(name, field: "timeZone") } ?? .offset(0)
        guard last >= first else { throw CalendarError("the range ends before it starts", field: fields.to) }
        guard last.daysSinceEpoch - first.daysSinceEpoch < Self.maximumDays else {
            throw CalendarError("a range covers at most \(Self.maximumDays) days", field: fields.to)
        }
    }

    /// The instant the range starts.
    var startInstant: Int64 { zone.instant(of: LocalDateTime(date: first, secondOfDay: 0)) }
    /// The instant just after the range ends.
    var endInstant: Int64 { zone.instant(of: LocalDateTime(date: last.adding(days: 1), secondOfDay: 0)) }

    /// The occurrences of `events` in the range, ordered by start, then id, then occurrence.
    /// - Throws: ``CalendarError`` at `to` when there are more than ``maximumOccurrences``.
    public func occurrences<ID: Comparable & Sendable>(
        of events: [(id: ID, event: CalendarEvent)]
    ) throws(CalendarError) -> [(id: ID, occurrence: EventOccurrence)] {
        var found: [(id: ID, occurrence: EventOccurrence)] = []
        for (id, event) in events {
            for occurrence in try event.occurrences(in: self) {
                found.append((id, occurrence))
                guard found.count <= Self.maximumOccurrences else { throw tooMany }
            }
        }
        return found.sorted { a, b in
            (a.occurrence.sortKey, a.id, a.occurrence.index) < (b.occurrence.sortKey, b.id, b.occurrence.index)
        }
    }

    /// The error for a range with more than ``maximumOccurrences`` occurrences.
    var tooMany: CalendarError {
        CalendarError("more than \(Self.maximumOccurrences) occurrences: ask for a shorter range", field: "to")
    }
}
