extension CivilDate {
    /// Reads exactly `YYYY-MM-DD` (ASCII digits, `-` separators, years 1 to 9999) naming a real date, or returns
    /// `nil`: `2026-02-30`, `2026-2-3` and `2026-11-23T10:00` are refused.
    public init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            bytes[range].reduce(0 as Int?) { value, byte in
                guard let value, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                return value * 10 + Int(byte - UInt8(ascii: "0"))
            }
        }
        guard let year = number(0..<4), year >= 1, let month = number(5..<7), let day = number(8..<10) else {
            return nil
        }
        self.init(year: year, month: month, day: day)
    }
}
