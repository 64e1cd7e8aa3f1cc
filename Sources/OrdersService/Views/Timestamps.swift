import Foundation
import Storage

/// Times on the wire: ISO 8601 in UTC with milliseconds.
enum Timestamps {
    static func iso(_ milliseconds: Int64) -> String {
        WallClock.date(millisecondsSince1970: milliseconds)
            .formatted(
                .iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted)
            )
    }
}
