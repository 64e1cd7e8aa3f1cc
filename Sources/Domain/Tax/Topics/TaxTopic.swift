import Foundation

/// A subject the estimator explains and can compute: what it is, what to enter, and a tip.
public struct TaxTopic: Sendable, Hashable {
    /// The name used in requests (`rrsp`, `interest`, ...).
    public let id: String
    public let title: String
    public let definition: String
    public let instruction: String
    public let tip: String
    /// What the topic's `amount` argument means, or `nil` when it takes none.
    public let amountMeaning: String?

    /// Lowercased, accent-free text of every field, for ``TaxTopics/search(_:)``.
    let searchText: String

    init(id: String, title: String, definition: String, instruction: String, tip: String, amountMeaning: String?) {
        self.id = id
        self.title = title
        self.definition = definition
        self.instruction = instruction
        self.tip = tip
        self.amountMeaning = amountMeaning
        searchText = TaxTopics.fold([id, title, definition, instruction, tip].joined(separator: " "))
    }
}

/// The topic catalogue and its word search.
public enum TaxTopics {
    /// Every topic, in the order the app lists them.
    public static let all: [TaxTopic] = catalogue

    /// The topic called `id` (case-insensitive).
    public static func topic(_ id: String) -> TaxTopic? {
        all.first { $0.id.caseInsensitiveCompare(id) == .orderedSame }
    }

    /// Topics whose text contains every word of `query` (case- and accent-insensitive); all topics
    /// for an empty query.
    public static func search(_ query: String) -> [TaxTopic] {
        let words = fold(query).split { !$0.isLetter && !$0.isNumber }.map(String.init)
        guard !words.isEmpty else { return all }
        return all.filter { topic in words.allSatisfy { topic.searchText.contains($0) } }
    }

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_CA"))
    }
}
