/// Header values read as ASCII, without Foundation: on Linux, `trimmingCharacters(in:)` and
/// `caseInsensitiveCompare(_:)` go through `NSString`, which cost the bridge 2.5 % of its CPU for a `POST`'s
/// `Content-Type` alone.
enum HeaderText {
    /// `text` without spaces and tabs at either end.
    static func trimmed<Text: StringProtocol>(_ text: Text) -> Substring {
        let whole = Substring(text)
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = whole.firstIndex(where: { !isBlank($0) }), let last = whole.lastIndex(where: { !isBlank($0) })
        else { return whole[whole.endIndex...] }
        return whole[first...last]
    }

    /// Whether `text` is `lowercase` (written in ASCII lower case) in any ASCII case.
    static func equals<Text: StringProtocol>(_ text: Text, lowercase: String) -> Bool {
        text.utf8.count == lowercase.utf8.count && zip(text.utf8, lowercase.utf8).allSatisfy { lowered($0) == $1 }
    }

    /// Whether `text` ends with `lowercase` (written in ASCII lower case) in any ASCII case.
    static func hasSuffix<Text: StringProtocol>(_ text: Text, lowercase: String) -> Bool {
        let tail = text.utf8.suffix(lowercase.utf8.count)
        return tail.count == lowercase.utf8.count && zip(tail, lowercase.utf8).allSatisfy { lowered($0) == $1 }
    }

    /// A `Content-Type`'s media type: what comes before its parameters, trimmed.
    static func mediaType(_ contentType: String) -> Substring {
        trimmed(contentType.prefix { $0 != ";" })
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
