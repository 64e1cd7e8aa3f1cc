/// A calendar event, time, zone, repeat rule or range that cannot be used; on the wire, `invalid_argument` naming
/// ``field``.
public struct CalendarError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, for a person, e.g. "the end must be after the start".
    public var message: String
    /// The JSON path of the faulty argument: `start`, `end`, `timeZone`, `repeat.until`, `to`, ...
    public var field: String

    /// Creates an error.
    public init(_ message: String, field: String) {
        self.message = message
        self.field = field
    }

    /// `field: message`.
    public var description: String { "\(field): \(message)" }
}
