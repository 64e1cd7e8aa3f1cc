import Wire

/// How an event repeats: `frequency` (`daily`, `weekly`, `monthly`), every `interval` of them, until a day or for a
/// `count` of occurrences (or for ever).
public struct EventRepeat: Codable, Sendable, Hashable {
    public var frequency: String
    public var interval: Int?
    public var until: String?
    public var count: Int?

    /// Creates the value.
    public init(frequency: String, interval: Int? = nil, until: String? = nil, count: Int? = nil) {
        self.frequency = frequency
        self.interval = interval
        self.until = until
        self.count = count
    }
}

/// An event as stored: `start` and `end` are wall-clock times read in `timeZone` (an IANA name or a fixed offset),
/// or days (the last included) when `allDay`.
public struct EventView: Codable, Sendable, Hashable {
    public var eventId: String
    public var householdId: String
    public var title: String
    public var start: String
    public var end: String
    public var allDay: Bool
    public var timeZone: String?
    public var location: String?
    public var `repeat`: EventRepeat?
    public var version: Int
    public var createdBy: String

    /// Creates the value.
    public init(
        eventId: String,
        householdId: String,
        title: String,
        start: String,
        end: String,
        allDay: Bool,
        timeZone: String?,
        location: String?,
        repeat: EventRepeat?,
        version: Int,
        createdBy: String
    ) {
        self.eventId = eventId
        self.householdId = householdId
        self.title = title
        self.start = start
        self.end = end
        self.allDay = allDay
        self.timeZone = timeZone
        self.location = location
        self.repeat = `repeat`
        self.version = version
        self.createdBy = createdBy
    }
}

/// One occurrence of an event: `start` and `end` in ISO 8601 with the offset in effect then in the event's zone
/// (`2026-03-09T09:00:00-04:00`), or days (the last included) when `allDay`; `occurrence` is 0 for the first.
public struct OccurrenceView: Codable, Sendable, Hashable {
    public var eventId: String
    public var occurrence: Int
    public var title: String
    public var start: String
    public var end: String
    public var allDay: Bool
    public var timeZone: String?
    public var location: String?

    /// Creates the value.
    public init(
        eventId: String,
        occurrence: Int,
        title: String,
        start: String,
        end: String,
        allDay: Bool,
        timeZone: String?,
        location: String?
    ) {
        self.eventId = eventId
        self.occurrence = occurrence
        self.title = title
        self.start = start
        self.end = end
        self.allDay = allDay
        self.timeZone = timeZone
        self.location = location
    }
}

/// A repeat's schema is the one its arguments are checked against, so a result's repeat is the same entity as an
/// argument's.
extension EventRepeat: JSONSchemaDescribing {
    public static var jsonSchema: JSONValue { EventSchemas.repeatRule }
    public static var schemaExample: EventRepeat { EventRepeat(frequency: "daily") }
}
