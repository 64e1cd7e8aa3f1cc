import Wire

/// An item's name as given, and its key for merging: lower case with runs of white space made one space, so
/// `Whole  Milk` and `whole milk` are one item.
struct ItemName: Sendable, Hashable {
    let text: String
    let key: String

    /// - Throws: `invalid_argument` naming `field` for an empty name or one over 100 characters.
    init(_ raw: String, field: String = "name") throws {
        let words = raw.split(whereSeparator: \.isWhitespace)
        text = words.joined(separator: " ")
        guard (1...100).contains(text.count) else {
            throw WireError(.invalidArgument, "name must be 1 to 100 characters", field: field)
        }
        key = text.lowercased()
    }

    /// A name read back from storage.
    init(stored text: String, key: String) {
        self.text = text
        self.key = key
    }
}
