import Foundation

/// A regular expression compiled once, matched against the whole text or against a prefix (Python's `re.match`).
struct Pattern: Sendable {
    /// The pattern anchored at the start only.
    private let prefixExpression: NSRegularExpression
    /// The pattern anchored at both ends.
    private let wholeExpression: NSRegularExpression

    /// Compiles a pattern.
    /// - Throws: The `NSError` from `NSRegularExpression` when the pattern does not compile.
    init(_ pattern: String) throws {
        prefixExpression = try NSRegularExpression(pattern: "^(?:\(pattern))")
        wholeExpression = try NSRegularExpression(pattern: "^(?:\(pattern))$")
    }

    /// Compiles a pattern written in this module's source, where a typo is a programmer error.
    init(literal pattern: String) {
        do {
            try self.init(pattern)
        } catch {
            preconditionFailure("invalid built-in pattern \(pattern): \(error)")
        }
    }

    /// Whether the pattern matches all of `text`.
    func matchesWhole(_ text: String) -> Bool {
        wholeExpression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// The capture groups of a whole-text match (an unmatched group is `nil`), or `nil` when there is no match.
    func wholeCaptures(_ text: String) -> [Substring?]? {
        guard let match = wholeExpression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else {
            return nil
        }
        return (1..<match.numberOfRanges).map { Range(match.range(at: $0), in: text).map { text[$0] } }
    }

    /// A match at the start of `text`, or `nil`.
    ///
    /// - Parameters:
    ///   - text: The text to match.
    ///   - template: When given, a replacement for the match using `$1`-style group references.
    func prefixMatch(_ text: String, template: String? = nil) -> PrefixMatch? {
        guard let match = prefixExpression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range, in: text)
        else { return nil }
        let lastGroup = match.range(at: match.numberOfRanges - 1)
        return PrefixMatch(
            rest: String(text[range.upperBound...]),
            lastGroupMatched: match.numberOfRanges > 1 && lastGroup.location != NSNotFound,
            replacement: template.map {
                prefixExpression.replacementString(for: match, in: text, offset: 0, template: $0)
            }
        )
    }

    /// The outcome of ``prefixMatch(_:template:)``.
    struct PrefixMatch {
        /// The text after the match.
        var rest: String
        /// Whether the pattern has capture groups and the last one took part in the match.
        var lastGroupMatched: Bool
        /// The match rewritten with the template, when one was given.
        var replacement: String?
    }
}
