import Dates
import Foundation
import Ledger

extension LedgerService.Configuration {
    /// The current date in UTC, `YYYY-MM-DD`.
    public func today() -> String { date(in: .offset(0)).description }

    /// The date it is now in `zone`.
    func date(in zone: EventZone) -> CivilDate {
        zone.local(at: Int64(now().timeIntervalSince1970.rounded(.down))).date
    }

    /// Today's date in the zone `zone` names (an IANA name or an ISO 8601 offset); UTC when `nil`.
    /// - Throws: `invalid_argument` (field `timeZone`) for anything else.
    func today(in zone: String?) throws -> CivilDate {
        date(in: try zone.map { try EventZone($0, field: "timeZone") } ?? .offset(0))
    }
}

extension CivilDate {
    /// `YYYY-MM-DD`.
    var iso: String { description }

    /// Days from this date to `other` (negative when `other` is earlier).
    func days(to other: CivilDate) -> Int { other.daysSinceEpoch - daysSinceEpoch }
}
