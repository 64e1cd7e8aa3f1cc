import Money

extension ItemEntry {
    static let keys = ["id", "name", "description", "kind", "price", "discountPrice", "stock", "soldOut", "tags"]
}

extension GroupEntry {
    static let keys = ["id", "name", "items"]
}

extension MenuReader {
    /// Reads one item: `{"id", "name", "description", "kind", "price", "discountPrice"?, "stock"?, "soldOut"?,
    /// "tags"?}`.
    mutating func item(from object: JSONObject) -> ItemEntry {
        let id = string("id", in: object)
        let name = string("name", in: object)
        let description = string("description", in: object)
        let kinds = MenuItem.Kind.allCases.map(\.rawValue)
        let kind = choice("kind", in: object, from: kinds, required: true).flatMap(MenuItem.Kind.init(rawValue:))
        let price = amount("price", in: object, required: true, positive: true)
        let discountPrice = amount("discountPrice", in: object, required: kind == .discount, positive: true)
        if let discountPrice, let price, kind == .discount, discountPrice >= price {
            report(
                object.path("discountPrice"),
                .invalidValue,
                "must be below the price \(MinorUnits.format(price, digits: digits)) of a discount item"
            )
        }
        if discountPrice != nil, let kind, kind != .discount {
            report(object.path("discountPrice"), .invalidValue, "only discount items have a discountPrice")
        }
        let stock = count("stock", in: object, range: 0...1_000_000)
        let soldOut = bool("soldOut", in: object) ?? false
        let tags = strings("tags", in: object, required: false)?.map(\.text) ?? []
        var item: MenuItem?
        if let id, let name, let description, let kind, let price {
            item = MenuItem(
                id: id,
                name: name,
                description: description,
                kind: kind,
                price: price,
                discountPrice: kind == .discount ? discountPrice : nil,
                stock: stock,
                soldOut: soldOut,
                tags: tags
            )
        }
        return ItemEntry(
            path: object.path,
            id: id.map { Reference(path: object.path("id"), id: $0) },
            kind: kind,
            price: price,
            item: item
        )
    }

    /// Reads one group: `{"id", "name", "items": [item ids]}`.
    mutating func group(from object: JSONObject) -> GroupEntry {
        let id = string("id", in: object)
        let name = string("name", in: object)
        let items = strings("items", in: object, required: true)?.map { Reference(path: $0.path, id: $0.text) }
        var group: MenuGroup?
        if let id, let name, let items {
            group = MenuGroup(id: id, name: name, itemIDs: items.map(\.id))
        }
        return GroupEntry(id: id.map { Reference(path: object.path("id"), id: $0) }, items: items ?? [], group: group)
    }
}
