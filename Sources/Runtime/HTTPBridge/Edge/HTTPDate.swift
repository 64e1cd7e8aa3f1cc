#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `Date` header's value (RFC 9110, section 5.6.7: IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`), made again
/// only when the second has changed: one per connection of ``PipelineOpHandler``.
struct HTTPDate {
    private var second = -1
    private var text = ""

    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Now, as a `Date` header says it.
    mutating func now() -> String {
        var seconds = time(nil)
        if seconds != second {
            second = seconds
            var parts = tm()
            gmtime_r(&seconds, &parts)
            text = Self.format(parts)
        }
        return text
    }

    static func format(_ parts: tm) -> String {
        func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(twoDigits(parts.tm_mday)) \(months[Int(parts.tm_mon)]) "
            + "\(1900 + parts.tm_year) \(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec)) GMT"
    }
}
