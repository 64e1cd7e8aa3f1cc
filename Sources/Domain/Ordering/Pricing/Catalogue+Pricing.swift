extension Catalogue {
    /// Prices cart lines against this menu.
    ///
    /// Lines for the same item (or the same sale) are merged into one priced line at the place of the first, as
    /// Saleor and Medusa merge them. Every bad line is reported at once, each with the line's field
    /// (`lines[2].itemId`, `lines[0].saleId`, `lines[1].quantity`).
    ///
    /// ```swift
    /// let cart = try catalogue.price([.item(id: "poutine", quantity: 2), .bundle(saleID: "date-night", quantity: 1)])
    /// cart.total  // minor units
    /// ```
    /// - Parameters:
    ///   - lines: The cart as the customer built it; may be empty.
    ///   - stockLeft: Units left of an item, `nil` for unlimited; by default each item's initial ``MenuItem/stock``.
    ///     Bundles use up their special items' stock.
    /// - Returns: The priced cart.
    /// - Throws: ``OrderingError`` with code ``OrderingError/Code/invalidCart``; each problem has its own code:
    ///   ``OrderingError/Code/invalidQuantity``, ``OrderingError/Code/unknownItem``,
    ///   ``OrderingError/Code/unknownSale``, ``OrderingError/Code/notABundle``,
    ///   ``OrderingError/Code/specialItemAlone``, ``OrderingError/Code/soldOut`` or
    ///   ``OrderingError/Code/insufficientStock``.
    public func price(_ lines: [CartLine], stockLeft: ((String) -> Int?)? = nil) throws -> PricedCart {
        var problems: [OrderingError.Problem] = []
        func refuse(_ field: String, _ code: OrderingError.Code, _ message: String) {
            problems.append(OrderingError.Problem(field: field, code: code, message: message))
        }
        var itemLines = Tally()
        var bundleLines = Tally()
        var demand = Tally()
        for (index, line) in lines.enumerated() {
            guard (1...CartLine.maximumQuantity).contains(line.quantity) else {
                refuse("lines[\(index)].quantity", .invalidQuantity, quantityMessage(line.quantity))
                continue
            }
            switch line {
            case .item(let id, let quantity):
                let field = "lines[\(index)].itemId"
                guard let item = item(id: id) else {
                    refuse(field, .unknownItem, "no item has the id \"\(id)\"")
                    continue
                }
                guard item.kind != .special else {
                    refuse(field, .specialItemAlone, "\(item.name) is sold only in a bundle sale")
                    continue
                }
                if itemLines.add(id, quantity, field: field) > CartLine.maximumQuantity {
                    refuse("lines[\(index)].quantity", .invalidQuantity, quantityMessage(itemLines.count(id)))
                }
                demand.add(id, quantity, field: field)
            case .bundle(let saleID, let quantity):
                let field = "lines[\(index)].saleId"
                guard let sale = sale(id: saleID) else {
                    refuse(field, .unknownSale, "no sale has the id \"\(saleID)\"")
                    continue
                }
                guard let bundle = sale.bundle else {
                    refuse(field, .notABundle, "\"\(sale.title)\" is an announcement, not a bundle to buy")
                    continue
                }
                if bundleLines.add(saleID, quantity, field: field) > CartLine.maximumQuantity {
                    refuse("lines[\(index)].quantity", .invalidQuantity, quantityMessage(bundleLines.count(saleID)))
                }
                for part in bundle.items { demand.add(part.itemID, quantity * part.quantity, field: field) }
            }
        }
        for (id, units, field) in demand.entries {
            guard let item = item(id: id) else { continue }
            let left = stockLeft.map { $0(id) } ?? item.stock
            if item.soldOut || left.map({ $0 <= 0 }) == true {
                refuse(field, .soldOut, "\(item.name) is sold out")
            } else if let left, units > left {
                refuse(field, .insufficientStock, "only \(left) of \(item.name) left, the cart needs \(units)")
            }
        }
        guard problems.isEmpty else {
            throw OrderingError(.invalidCart, "\(problems.count) cart line(s) cannot be priced", problems: problems)
        }
        return PricedCart(
            items: itemLines.entries.compactMap { id, quantity, _ in item(id: id).map { line(for: $0, quantity) } },
            specialItems: bundleLines.entries.compactMap { id, quantity, _ in
                sale(id: id).flatMap { line(for: $0, quantity) }
            }
        )
    }

    private func line(for item: MenuItem, _ quantity: Int) -> PricedLine {
        PricedLine(
            id: item.id,
            name: item.name,
            kind: item.kind == .discount ? .discount : .regular,
            quantity: quantity,
            unitsPerQuantity: 1,
            listPrice: item.price,
            unitPrice: item.unitPrice
        )
    }

    private func line(for sale: Sale, _ quantity: Int) -> PricedLine? {
        guard let bundle = sale.bundle else { return nil }
        let listPrice = bundle.items.reduce(Int64(0)) { sum, part in
            sum + (item(id: part.itemID)?.price ?? 0) * Int64(part.quantity)
        }
        return PricedLine(
            id: sale.id,
            name: sale.title,
            kind: .bundle,
            quantity: quantity,
            unitsPerQuantity: bundle.items.reduce(0) { $0 + $1.quantity },
            listPrice: listPrice,
            unitPrice: bundle.price
        )
    }

    private func quantityMessage(_ quantity: Int) -> String {
        "must be from 1 to \(CartLine.maximumQuantity), not \(quantity)"
    }
}

/// Quantities per id in first-seen order, with the field that first named each id.
private struct Tally {
    private(set) var entries: [(id: String, count: Int, field: String)] = []
    private var positions: [String: Int] = [:]

    /// Adds `quantity` to `id` and returns the new count.
    @discardableResult
    mutating func add(_ id: String, _ quantity: Int, field: String) -> Int {
        guard let position = positions[id] else {
            positions[id] = entries.count
            entries.append((id, quantity, field))
            return quantity
        }
        entries[position].count += quantity
        return entries[position].count
    }

    func count(_ id: String) -> Int {
        positions[id].map { entries[$0].count } ?? 0
    }
}
