/// The content lines of an RFC 5545 object: escaped text, lines folded at 75 octets, CRLF line ends.
struct ICalendarLines {
    /// The longest line, in octets, before it is folded (RFC 5545 §3.1).
    static let octetLimit = 75

    private(set) var lines: [String] = []

    /// Adds `NAME[;PARAMS]:VALUE` as given (`value` already in its type's form).
    mutating func add(_ name: String, _ value: String) {
        lines.append(name + ":" + value)
    }

    /// Adds a TEXT property, escaped.
    mutating func add(_ name: String, text: String) {
        add(name, Self.escaped(text))
    }

    /// The object: each line folded, each ending in CRLF.
    var text: String {
        lines.map { Self.folded($0) + "\r\n" }.joined()
    }

    /// `text` as an RFC 5545 TEXT value: `\`, `;` and `,` escaped with a backslash, line breaks as `\n`.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        for scalar in text.replacingLineBreaks.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\n": escaped += "\\n"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// `line` split into lines of at most ``octetLimit`` octets of UTF-8, each continuation starting with one space;
    /// a split never falls inside a character's UTF-8 sequence.
    static func folded(_ line: String) -> String {
        var result = ""
        var used = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if used + size > octetLimit {
                result += "\r\n "
                used = 1
            }
            result.unicodeScalars.append(scalar)
            used += size
        }
        return result
    }
}

extension String {
    /// The text with each CRLF, CR or LF as one LF.
    fileprivate var replacingLineBreaks: String {
        var text = ""
        var afterCR = false
        for scalar in unicodeScalars {
            if scalar == "\n" && afterCR {
                afterCR = false
                continue
            }
            afterCR = scalar == "\r"
            text.unicodeScalars.append(scalar == "\r" ? "\n" : scalar)
        }
        return text
    }
}
