import Dates

/// A household calendar event: a title, when it happens, where, and how it repeats.
public struct CalendarEvent: Sendable, Hashable {
    /// What the event is called, 1 to 200 characters.
    public var title: String
    /// When the (first) occurrence happens.
    public var timing: EventTiming
    /// Where, up to 200 characters, or `nil`.
    public var location: String?
    /// How it repeats, or `nil` for once.
    public var repeatRule: RepeatRule?

    /// Creates an event; ``EventDraft`` builds checked ones from text.
    public init(title: String, timing: EventTiming, location: String? = nil, repeatRule: RepeatRule? = nil) {
        self.title = title
        self.timing = timing
        self.location = location
        self.repeatRule = repeatRule
    }
}

/// When an event (or its first occurrence) happens.
public enum EventTiming: Sendable, Hashable {
    /// From `start` to `end` (after it), wall-clock times read in `zone`.
    case timed(start: LocalDateTime, end: LocalDateTime, zone: EventZone)
    /// Whole days from `first` to `last`, both included, the same days in every zone.
    case allDay(first: CivilDate, last: CivilDate)

    /// The day the event starts on, in its own zone.
    public var startDay: CivilDate {
        switch self {
        case .timed(let start, _, _): start.date
        case .allDay(let first, _): first
        }
    }
}
