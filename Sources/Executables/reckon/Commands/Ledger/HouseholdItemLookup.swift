import LedgerAPI

/// Finds a shopping-list item or stock line by its id or, ignoring case, by its name.
enum HouseholdItemLookup {
    /// The id of the one entry whose id is `text` or whose name is `text`.
    /// - Throws: `LedgerCommandError` when none matches, or several do (listing them).
    static func id<Entry>(
        _ text: String,
        in entries: [Entry],
        kind: String,
        id: (Entry) -> String,
        name: (Entry) -> String
    ) throws -> String {
        if let exact = entries.first(where: { id($0) == text }) { return id(exact) }
        let named = entries.filter { name($0).lowercased() == text.lowercased() }
        guard named.count == 1 else {
            let listed = named.map { "  \(id($0))  \(name($0))" }.joined(separator: "\n")
            throw LedgerCommandError(
                named.isEmpty
                    ? "no \(kind) called \(text)"
                    : "several \(kind)s are called \(text): pass the id\n\(listed)"
            )
        }
        return id(named[0])
    }
}

extension HouseholdOptions {
    /// The id of the shopping-list item named or numbered `text`.
    func shoppingItemId(_ text: String) async throws -> String {
        let items = try await ledger.call(ShoppingListOp.self, HouseholdArgs(householdId: try await householdId()))
        return try HouseholdItemLookup.id(text, in: items.items, kind: "list item", id: \.itemId, name: \.name)
    }

    /// The id of the stock line named or numbered `text`.
    func stockLineId(_ text: String) async throws -> String {
        let stock = try await ledger.call(InventoryListOp.self, .init(householdId: try await householdId()))
        return try HouseholdItemLookup.id(text, in: stock.lines, kind: "stock line", id: \.itemId, name: \.name)
    }
}
