import Wire

/// The JSON schemas the calendar ops share.
enum EventSchemas {
    static let time: JSONValue = [
        "type": "string",
        "description":
            "YYYY-MM-DDTHH:MM[:SS] read in timeZone, or with an ISO 8601 offset (Z, -05:00); YYYY-MM-DD when allDay",
    ]
    static let timeZone = LedgerOps.timeZone
    static let text: JSONValue = ["type": "string", "minLength": 1, "maxLength": 200]
    /// How an event repeats: one entity (`title`) in the arguments and the results (``EventRepeat``).
    static let repeatRule = repeatSchema("EventRepeat", frequencies: ["daily", "weekly", "monthly"])
    /// How `events.edit` changes a repeat: as ``repeatRule``, or `frequency: none` to remove it.
    static let repeatChange = repeatSchema("EventRepeatChange", frequencies: ["daily", "weekly", "monthly", "none"])

    private static func repeatSchema(_ title: String, frequencies: JSONValue) -> JSONValue {
        [
            "title": .string(title), "type": "object", "required": ["frequency"],
            "properties": [
                "frequency": ["type": "string", "enum": frequencies],
                "interval": ["type": "integer", "minimum": 1, "maximum": 1000, "default": 1],
                "until": LedgerOps.date, "count": ["type": "integer", "minimum": 1, "maximum": 1000],
            ],
        ]
    }
    /// What the timing and text fields' schemas cannot say: the form of `start` and `end` depends on `allDay`, the
    /// end must follow the start, a repeat must end after it, and a title must be more than white space.
    static let refusals: [OpRefusal] = [
        LedgerOps.timeZoneRefusal,
        OpRefusal(
            .invalidArgument,
            field: "start",
            "not YYYY-MM-DD for an all-day event, or not YYYY-MM-DDTHH:MM[:SS] (an offset may follow) for a timed one, "
                + "or outside the years 1900 to 2999"
        ),
        OpRefusal(.invalidArgument, field: "end", "not in start's form, not after it, or missing on a timed event"),
        OpRefusal(.invalidArgument, field: "repeat", "until before the start, or both until and count"),
        OpRefusal(.invalidArgument, field: "title", "only white space"),
    ]
    /// The event's fields, in the order the docs give them.
    static let fields: [(String, JSONValue)] = [
        ("title", text), ("start", time), ("end", time), ("allDay", ["type": "boolean", "default": false]),
        ("timeZone", timeZone), ("location", ["type": "string", "maxLength": 200]), ("repeat", repeatRule),
    ]
}

/// `events.add`: an event on the household's calendar.
public enum EventsAddOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "events.add"
    public static let access = OpAccess.member
    public static let effect = OpEffect.write
    public static let summary =
        "Adds a calendar event: timed (in a time zone or at an offset) or all-day, maybe repeating"
    public static let refusals = EventSchemas.refusals
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["householdId", "title", "start"],
        "properties": .object(JSONObject([("householdId", LedgerOps.id)] + EventSchemas.fields)),
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var householdId: String
        public var title: String
        public var start: String
        public var end: String?
        public var allDay: Bool?
        public var timeZone: String?
        public var location: String?
        public var `repeat`: EventRepeat?

        /// Creates the value.
        public init(
            householdId: String,
            title: String,
            start: String,
            end: String? = nil,
            allDay: Bool? = nil,
            timeZone: String? = nil,
            location: String? = nil,
            repeat: EventRepeat? = nil
        ) {
            self.householdId = householdId
            self.title = title
            self.start = start
            self.end = end
            self.allDay = allDay
            self.timeZone = timeZone
            self.location = location
            self.repeat = `repeat`
        }
    }
    public typealias Result = EventView
}

/// `events.edit`: changes an event, given the version last read. Timing fields go together: with `start`, the
/// event's `end`, `allDay` and `timeZone` are the ones given (or their defaults).
public enum EventsEditOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "events.edit"
    public static let access = OpAccess.author
    public static let effect = OpEffect.write
    public static let summary = "Changes an event's title, timing, location or repeat; a stale version is refused"
    public static let refusals = EventSchemas.refusals
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["eventId", "version"],
        "properties": .object(
            JSONObject(
                [("eventId", LedgerOps.id), ("version", LedgerOps.version)]
                    + EventSchemas.fields.map { $0.0 == "repeat" ? ("repeat", EventSchemas.repeatChange) : $0 }
            )
        ),
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var eventId: String
        public var version: Int
        public var title: String?
        public var start: String?
        public var end: String?
        public var allDay: Bool?
        public var timeZone: String?
        /// An empty location removes it.
        public var location: String?
        /// `frequency: none` removes the repeat.
        public var `repeat`: EventRepeat?

        /// Creates the value.
        public init(
            eventId: String,
            version: Int,
            title: String? = nil,
            start: String? = nil,
            end: String? = nil,
            allDay: Bool? = nil,
            timeZone: String? = nil,
            location: String? = nil,
            repeat: EventRepeat? = nil
        ) {
            self.eventId = eventId
            self.version = version
            self.title = title
            self.start = start
            self.end = end
            self.allDay = allDay
            self.timeZone = timeZone
            self.location = location
            self.repeat = `repeat`
        }
    }
    public typealias Result = EventView
}

/// Arguments naming an event, with the version last read where a change checks one.
public struct EventRefArgs: Codable, Sendable, Hashable {
    public var eventId: String
    public var version: Int?
    public init(eventId: String, version: Int? = nil) {
        self.eventId = eventId
        self.version = version
    }
}

/// Arguments naming an event.
public struct EventIDArgs: Codable, Sendable, Hashable {
    public var eventId: String
    public init(eventId: String) { self.eventId = eventId }
}

/// `events.delete`: removes an event and all its repeats (kept in the activity log).
public enum EventsDeleteOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "events.delete"
    public static let access = OpAccess.author
    public static let effect = OpEffect.write
    public static let summary =
        "Deletes an event with its repeats; the activity log keeps it (version checked when given)"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["eventId"],
        "properties": ["eventId": LedgerOps.id, "version": LedgerOps.version],
    ]
    public typealias Args = EventRefArgs
    public typealias Result = Done
}

/// `events.get`: one event as stored (its repeat rule, not its occurrences).
public enum EventsGetOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "events.get"
    public static let access = OpAccess.member
    public static let effect = OpEffect.read
    public static let summary = "An event with its repeat rule"
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["eventId"], "properties": ["eventId": LedgerOps.id],
    ]
    public typealias Args = EventIDArgs
    public typealias Result = EventView
}

/// `events.list`: the occurrences that overlap a range of days (or one day), repeats expanded, by start.
public enum EventsListOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "events.list"
    public static let access = OpAccess.member
    public static let effect = OpEffect.read
    public static let summary = "Occurrences overlapping from..to (or one day, at most 366 days) in timeZone, by start"
    public static let refusals = [
        LedgerOps.timeZoneRefusal,
        OpRefusal(.invalidArgument, field: "day", "day given with from or to"),
        OpRefusal(.invalidArgument, field: "from", "neither day nor from given"),
        OpRefusal(
            .invalidArgument,
            field: "to",
            "from without to, a range that ends before it starts or covers over 366 days, or too many occurrences"
        ),
    ]
    public static let argsSchema: JSONValue = [
        "type": "object", "required": ["householdId"],
        "properties": [
            "householdId": LedgerOps.id, "day": LedgerOps.date, "from": LedgerOps.date, "to": LedgerOps.date,
            "timeZone": EventSchemas.timeZone,
        ],
    ]
    public struct Args: Codable, Sendable, Hashable {
        public var householdId: String
        public var day: String?
        public var from: String?
        public var to: String?
        public var timeZone: String?

        /// Creates the value: `day`, or `from` and `to`.
        public init(
            householdId: String,
            day: String? = nil,
            from: String? = nil,
            to: String? = nil,
            timeZone: String? = nil
        ) {
            self.householdId = householdId
            self.day = day
            self.from = from
            self.to = to
            self.timeZone = timeZone
        }
    }
    public struct Result: Codable, Sendable, Hashable {
        public var occurrences: [OccurrenceView]
        public init(occurrences: [OccurrenceView]) { self.occurrences = occurrences }
    }
}

/// `events.ical`: the household's calendar as one RFC 5545 `.ics` text.
public enum EventsICalOp: OpContract {
    public static let service = LedgerOps.service
    public static let name = "events.ical"
    public static let access = OpAccess.member
    public static let effect = OpEffect.read
    public static let summary = "The household's events as an RFC 5545 calendar (.ics) for calendar programs"
    public static let argsSchema = LedgerOps.household
    public typealias Args = HouseholdArgs
    public struct Result: Codable, Sendable, Hashable {
        public var calendar: String
        public init(calendar: String) { self.calendar = calendar }
    }
}
