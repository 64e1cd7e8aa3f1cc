extension SaleEntry {
    static let keys = ["id", "kind", "title", "description", "validity", "items", "price"]
}

extension MenuReader {
    /// Reads one sale: `{"id", "kind": "announcement" | "bundle", "title", "description", "validity"?}`, and for a
    /// bundle also `"items": [{"itemId", "quantity"}]` and `"price"`.
    mutating func sale(from object: JSONObject) -> SaleEntry {
        let id = string("id", in: object)
        let kind = choice("kind", in: object, from: ["announcement", "bundle"], required: true)
        let title = string("title", in: object)
        let description = string("description", in: object)
        let validity = string("validity", in: object, required: false)
        var bundleItems: [(reference: Reference, quantity: Int?)] = []
        var price: Int64?
        var content: Sale.Content?
        switch kind {
        case "bundle":
            let entries = objects("items", in: object, keys: ["itemId", "quantity"], required: true)
            if entries.isEmpty { report(object.path("items"), .invalidValue, "a bundle needs at least one item") }
            var seen: [String: String] = [:]
            for entry in entries {
                let quantity = count("quantity", in: entry, range: 1...99, required: true)
                guard let itemID = string("itemId", in: entry) else { continue }
                if let first = seen[itemID] {
                    report(entry.path("itemId"), .duplicateID, "\"\(itemID)\" is already in this bundle at \(first)")
                }
                seen[itemID] = seen[itemID] ?? entry.path("itemId")
                bundleItems.append((Reference(path: entry.path("itemId"), id: itemID), quantity))
            }
            price = amount("price", in: object, required: true, positive: true)
            if let price {
                let items = bundleItems.compactMap { entry in
                    entry.quantity.map { Sale.BundleItem(itemID: entry.reference.id, quantity: $0) }
                }
                content = .bundle(Sale.Bundle(items: items, price: price))
            }
        case "announcement":
            for key in ["items", "price"] where object.fields[key] != nil {
                report(object.path(key), .invalidValue, "an announcement has no \(key); make it a bundle to sell it")
            }
            content = .announcement
        default:
            break
        }
        var sale: Sale?
        if let id, let title, let description, let content {
            sale = Sale(id: id, title: title, description: description, validity: validity, content: content)
        }
        return SaleEntry(
            id: id.map { Reference(path: object.path("id"), id: $0) },
            bundleItems: bundleItems,
            pricePath: object.path("price"),
            price: price,
            sale: sale
        )
    }
}
