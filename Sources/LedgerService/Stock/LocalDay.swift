import Dates
import Foundation
import Wire

/// A calendar date somewhere: the date an instant falls on in a time zone given by IANA name (`America/Toronto`)
/// or ISO 8601 offset (`+09:00`, `-0330`, `Z`).
struct LocalDay: Sendable {
    let date: CivilDate

    /// The date `instant` falls on in `zone`.
    init(of instant: Date, in zone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        date =
            CivilDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
            ?? CivilDate(daysSinceEpoch: 0)
    }

    /// `YYYY-MM-DD`.
    var iso: String { date.description }

    /// Coordinated Universal Time.
    static let utc = TimeZone(secondsFromGMT: 0) ?? TimeZone.current

    /// The zone `text` names.
    /// - Throws: `invalid_argument` naming `field` for an unknown name or a malformed offset.
    static func zone(_ text: String, field: String = "timeZone") throws -> TimeZone {
        if text == "Z" { return utc }
        if let sign = text.first, sign == "+" || sign == "-" {
            let digits = text.dropFirst().filter { $0 != ":" }
            if digits.count == 4, digits.allSatisfy(\.isNumber), let hhmm = Int(digits), hhmm % 100 < 60,
                hhmm / 100 <= 18,
                let zone = TimeZone(secondsFromGMT: (sign == "-" ? -1 : 1) * (hhmm / 100 * 3600 + hhmm % 100 * 60))
            {
                return zone
            }
        } else if let zone = TimeZone(identifier: text) {
            return zone
        }
        throw WireError(
            .invalidArgument,
            "\(field) must be an IANA zone name such as America/Toronto or an offset such as +09:00, got '\(text)'",
            field: field
        )
    }
}

extension HouseholdBook {
    /// Today's date in the zone `zone` names; UTC when `nil`.
    /// - Throws: `invalid_argument` for an unknown zone.
    func today(in zone: String?) throws -> CivilDate {
        LocalDay(of: configuration.now(), in: try zone.map { try LocalDay.zone($0) } ?? LocalDay.utc).date
    }
}

extension CivilDate {
    /// `YYYY-MM-DD`.
    var iso: String { description }

    /// Days from this date to `other` (negative when `other` is earlier).
    func days(to other: CivilDate) -> Int { other.daysSinceEpoch - daysSinceEpoch }
}
