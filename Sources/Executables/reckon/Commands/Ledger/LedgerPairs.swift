import ArgumentParser
import Foundation
import LedgerAPI

/// The short text forms of the bill options: `alice,bob`, `alice=10.00,bob=74.30` and `Pizza=20.00:alice,bob`.
enum LedgerPairs {
    /// `alice, bob` as `["alice", "bob"]`: comma-separated entries, trimmed, empty ones dropped.
    static func list(_ text: some StringProtocol) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// `alice=10.00,bob=74.30` as a dictionary keyed by `key(name)`, the values read by `value`.
    /// - Throws: `ValidationError` for an entry that is not `NAME=VALUE` or whose value `value` refuses;
    ///   `LedgerCommandError` when two entries name the same member.
    static func dictionary<Value>(
        _ text: String,
        option: String,
        key: (String) throws -> String,
        value: (String) -> Value?
    ) throws -> [String: Value] {
        var result: [String: Value] = [:]
        for entry in list(text) {
            let parts = entry.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty, let parsed = value(parts[1]) else {
                throw ValidationError("\(option): expected NAME=VALUE entries, not \"\(entry)\"")
            }
            guard result.updateValue(parsed, forKey: try key(parts[0])) == nil else {
                throw LedgerCommandError("\(option) names \(parts[0]) twice")
            }
        }
        return result
    }

    /// `Pizza=20.00:alice,bob` (or `20.00:alice,bob`, without a description) as a line shared by the names given.
    /// - Throws: `ValidationError` when the text is not of that form.
    static func item(_ text: String) throws -> SplitItem {
        let problem = ValidationError("--item: expected DESCRIPTION=AMOUNT:NAME,NAME, not \"\(text)\"")
        guard let colon = text.lastIndex(of: ":") else { throw problem }
        let head = text[..<colon]
        let equals = head.lastIndex(of: "=")
        let description = equals.map { head[..<$0].trimmingCharacters(in: .whitespaces) }
        let amount = (equals.map { head[head.index(after: $0)...] } ?? head).trimmingCharacters(in: .whitespaces)
        let among = list(text[text.index(after: colon)...])
        guard !amount.isEmpty, !among.isEmpty, description?.isEmpty != true else { throw problem }
        return SplitItem(description: description, amount: amount, among: among)
    }
}
