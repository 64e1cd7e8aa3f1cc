import Foundation

/// Wall-clock time as the storage layer records it: milliseconds since 1970, UTC.
public enum WallClock {
    /// Now, in milliseconds since 1970.
    public static func millisecondsSince1970(_ date: Date = Date()) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// The date for a stored millisecond count.
    public static func date(millisecondsSince1970 milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// A stored millisecond count as it travels on the wire: ISO 8601 in UTC with milliseconds
    /// (`2026-11-23T18:30:00.000Z`).
    public static func iso8601(millisecondsSince1970 milliseconds: Int64) -> String {
        date(millisecondsSince1970: milliseconds)
            .formatted(
                .iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted)
            )
    }
}
