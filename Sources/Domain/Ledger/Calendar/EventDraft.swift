import Dates

/// An event as text, the way the ops take it, before it is checked; ``event()`` reads it into a
/// ``CalendarEvent`` or names the first field at fault.
///
/// A timed event's `start` and `end` are `YYYY-MM-DDTHH:MM[:SS]`, read in `timeZone`, or carry an ISO 8601 offset
/// (`Z`, `±HH:MM`) that becomes the event's fixed zone; an end with another offset is converted to the event's zone.
/// An all-day event's `start` and `end` are `YYYY-MM-DD`, `end` being the last day (included; default: `start`).
public struct EventDraft: Sendable, Hashable {
    /// A repeat rule as text.
    public struct Repeat: Sendable, Hashable {
        /// `daily`, `weekly` or `monthly`.
        public var frequency: String
        /// Days, weeks or months between occurrences (default 1).
        public var interval: Int?
        /// The last day an occurrence may start on, `YYYY-MM-DD`.
        public var until: String?
        /// How many occurrences in all.
        public var count: Int?

        /// Creates the value.
        public init(frequency: String, interval: Int? = nil, until: String? = nil, count: Int? = nil) {
            self.frequency = frequency
            self.interval = interval
            self.until = until
            self.count = count
        }
    }

    /// The years an event's days may fall in.
    public static let years = 1900...2999
    /// The longest title and location, in characters.
    public static let maximumTextLength = 200

    /// What the event is called.
    public var title: String
    /// When it starts: a date and time, or a day when ``allDay``.
    public var start: String
    /// When it ends (required for a timed event), or its last day.
    public var end: String?
    /// Whether it takes whole days.
    public var allDay: Bool
    /// The IANA zone or fixed offset its times are read in, unless `start` carries an offset.
    public var timeZone: String?
    /// Where, if anywhere.
    public var location: String?
    /// How it repeats, if it does.
    public var repeatRule: Repeat?

    /// Creates the value.
    public init(
        title: String,
        start: String,
        end: String? = nil,
        allDay: Bool = false,
        timeZone: String? = nil,
        location: String? = nil,
        repeatRule: Repeat? = nil
    ) {
        self.title = title
        self.start = start
        self.end = end
        self.allDay = allDay
        self.timeZone = timeZone
        self.location = location
        self.repeatRule = repeatRule
    }

    /// The checked event.
    /// - Throws: ``CalendarError`` at `title`, `location`, `start`, `end`, `timeZone` or `repeat.<field>`.
    public func event() throws(CalendarError) -> CalendarEvent {
        let title = try Self.text(title, field: "title", required: true) ?? ""
        let location = try location.flatMap { text throws(CalendarError) in
            try Self.text(text, field: "location", required: false)
        }
        let timing = allDay ? try allDayTiming() : try timedTiming()
        let rule = try repeatRule.map { draft throws(CalendarError) in try Self.rule(draft, after: timing.startDay) }
        return CalendarEvent(title: title, timing: timing, location: location, repeatRule: rule)
    }

    private func allDayTiming() throws(CalendarError) -> EventTiming {
        guard timeZone == nil else { throw CalendarError("an all-day event has no time zone", field: "timeZone") }
        let first = try Self.day(start, field: "start")
        let last = try end.map { text throws(CalendarError) in try Self.day(text, field: "end") } ?? first
        guard last >= first else {
            throw CalendarError("the last day \(last) is before the first, \(first)", field: "end")
        }
        return .allDay(first: first, last: last)
    }

    private func timedTiming() throws(CalendarError) -> EventTiming {
        let (start, startOffset) = try Self.dateTime(start, field: "start")
        guard let end else { throw CalendarError("a timed event needs an end (or set allDay)", field: "end") }
        let zone: EventZone
        switch (timeZone, startOffset) {
        case (let name?, nil): zone = try EventZone(name, field: "timeZone")
        case (nil, let offset?): zone = .offset(offset)
        case (.some, .some):
            throw CalendarError("give a timeZone or an offset on start, not both", field: "timeZone")
        case (nil, nil):
            throw CalendarError("give a timeZone (e.g. America/Toronto) or an offset on start", field: "timeZone")
        }
        let (endText, endOffset) = try Self.dateTime(end, field: "end")
        let last = endOffset.map { zone.local(at: endText.secondsSinceEpoch - Int64($0)) } ?? endText
        guard Self.years.contains(last.date.year) else {
            throw CalendarError("must fall in the years \(Self.years)", field: "end")
        }
        guard zone.instant(of: last) > zone.instant(of: start) else {
            throw CalendarError("the end must be after the start", field: "end")
        }
        return .timed(start: start, end: last, zone: zone)
    }

    private static func rule(_ draft: Repeat, after first: CivilDate) throws(CalendarError) -> RepeatRule {
        guard let frequency = RepeatRule.Frequency(rawValue: draft.frequency) else {
            throw CalendarError(
                "must be daily, weekly or monthly, not \"\(draft.frequency)\"",
                field: "repeat.frequency"
            )
        }
        let interval = draft.interval ?? 1
        guard (1...RepeatRule.maximumInterval).contains(interval) else {
            throw CalendarError("must be from 1 to \(RepeatRule.maximumInterval)", field: "repeat.interval")
        }
        switch (draft.until, draft.count) {
        case (.some, .some): throw CalendarError("give until or count, not both", field: "repeat.count")
        case (let text?, nil):
            let until = try day(text, field: "repeat.until")
            guard until >= first else {
                throw CalendarError("the last day \(until) is before the start, \(first)", field: "repeat.until")
            }
            return RepeatRule(frequency: frequency, interval: interval, end: .until(until))
        case (nil, let count?):
            guard (1...RepeatRule.maximumCount).contains(count) else {
                throw CalendarError("must be from 1 to \(RepeatRule.maximumCount)", field: "repeat.count")
            }
            return RepeatRule(frequency: frequency, interval: interval, end: .count(count))
        case (nil, nil): return RepeatRule(frequency: frequency, interval: interval)
        }
    }

    /// `text` trimmed, or `nil` when that leaves nothing and the field is not `required`.
    private static func text(_ text: String, field: String, required: Bool) throws(CalendarError) -> String? {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty || !required else { throw CalendarError("must not be empty", field: field) }
        guard trimmed.count <= maximumTextLength else {
            throw CalendarError("must be at most \(maximumTextLength) characters", field: field)
        }
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A `YYYY-MM-DD` day in ``years``.
    static func day(_ text: String, field: String) throws(CalendarError) -> CivilDate {
        guard let date = CivilDate(iso: text) else {
            throw CalendarError("must be a date written YYYY-MM-DD, not \"\(text)\"", field: field)
        }
        guard years.contains(date.year) else { throw CalendarError("must fall in the years \(years)", field: field) }
        return date
    }

    /// `YYYY-MM-DDTHH:MM[:SS]` with an optional offset (`Z`, `±HH:MM`, `±HHMM`), the day in ``years``.
    static func dateTime(_ text: String, field: String) throws(CalendarError) -> (LocalDateTime, Int?) {
        let fault = CalendarError(
            "must be a date and time written YYYY-MM-DDTHH:MM[:SS], optionally with an offset such as -05:00 or Z, "
                + "not \"\(text)\"",
            field: field
        )
        let characters = Array(text)
        guard characters.count >= 16, characters[10] == "T" || characters[10] == "t" else { throw fault }
        let date = try day(String(characters[0..<10]), field: field)
        let hasSeconds = characters.count >= 19 && characters[16] == ":"
        let clockEnd = hasSeconds ? 19 : 16
        let clock = characters[11..<clockEnd]
        guard clock[13] == ":", let hour = Int(String(clock[11..<13])), let minute = Int(String(clock[14..<16])),
            clock.allSatisfy({ $0 == ":" || $0.isASCII && $0.isNumber }),
            hour < 24, minute < 60
        else { throw fault }
        let second = hasSeconds ? Int(String(clock[17..<19])) ?? 60 : 0
        guard second < 60 else { throw fault }
        let rest = String(characters[clockEnd...])
        let offset = rest.isEmpty ? nil : EventZone.offsetSeconds(rest == "z" ? "Z" : rest)
        guard rest.isEmpty || offset != nil else { throw fault }
        return (LocalDateTime(date: date, secondOfDay: hour * 3600 + minute * 60 + second), offset)
    }
}

extension String {
    /// The text without leading and trailing white space.
    fileprivate var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
