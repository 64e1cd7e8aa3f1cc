import Money

extension MenuReader {
    /// Checks what single entries cannot: unique ids, references that resolve to the right kind of item, every item
    /// reachable (regular and discount items in a group, special items in a bundle), and bundles priced below their
    /// items.
    mutating func checkReferences(
        items: [ItemEntry],
        groups: [GroupEntry],
        sales: [SaleEntry],
        vouchers: [VoucherEntry]
    ) {
        let known = Dictionary(
            items.compactMap { entry in entry.id.map { ($0.id, entry) } },
            uniquingKeysWith: { first, _ in first }
        )
        checkUnique(items.compactMap(\.id), "id")
        checkUnique(groups.compactMap(\.id), "id")
        checkUnique(sales.compactMap(\.id), "id")
        checkUnique(vouchers.compactMap(\.code), "code")
        var grouped: [String: String] = [:]
        for reference in groups.flatMap(\.items) {
            guard let item = resolve(reference, in: known) else { continue }
            if item.kind == .special {
                report(
                    reference.path,
                    .unknownReference,
                    "\"\(reference.id)\" is a special item; list it in a bundle sale, not a group"
                )
            } else if let first = grouped[reference.id] {
                report(reference.path, .duplicateID, "\"\(reference.id)\" is already listed at \(first)")
            } else {
                grouped[reference.id] = reference.path
            }
        }
        var bundled = Set<String>()
        for sale in sales {
            checkBundle(sale, known: known)
            bundled.formUnion(sale.bundleItems.map(\.reference.id))
        }
        for entry in items {
            guard let id = entry.id, let kind = entry.kind else { continue }
            if kind == .special && !bundled.contains(id.id) {
                report(
                    entry.path,
                    .invalidValue,
                    "special item \"\(id.id)\" is in no bundle sale, so it can never be sold"
                )
            } else if kind != .special && grouped[id.id] == nil {
                report(entry.path, .invalidValue, "item \"\(id.id)\" is in no group, so the menu never shows it")
            }
        }
        let groupIDs = Set(groups.compactMap(\.id?.id))
        for voucher in vouchers {
            for reference in voucher.groups where !groupIDs.contains(reference.id) {
                report(reference.path, .unknownReference, "no group has the id \"\(reference.id)\"")
            }
            for reference in voucher.items {
                if resolve(reference, in: known)?.kind == .special {
                    report(
                        reference.path,
                        .unknownReference,
                        "\"\(reference.id)\" is a special item, sold only in bundles; "
                            + "an item voucher never applies to it"
                    )
                }
            }
        }
    }

    private mutating func checkBundle(_ sale: SaleEntry, known: [String: ItemEntry]) {
        var listTotal: Int64? = 0
        for (reference, quantity) in sale.bundleItems {
            let item = resolve(reference, in: known)
            if let kind = item?.kind, kind != .special {
                report(
                    reference.path,
                    .unknownReference,
                    "\"\(reference.id)\" is a \(kind.rawValue) item; bundles hold only special items"
                )
            }
            if let price = item?.price, let quantity, let total = listTotal {
                listTotal = total + price * Int64(quantity)
            } else {
                listTotal = nil
            }
        }
        if let price = sale.price, let listTotal, price >= listTotal {
            report(
                sale.pricePath,
                .invalidValue,
                "must be below the bundle items' list prices together (\(MinorUnits.format(listTotal, digits: digits)))"
            )
        }
    }

    /// The item a reference names; an unknown id is reported.
    private mutating func resolve(_ reference: Reference, in known: [String: ItemEntry]) -> ItemEntry? {
        guard let item = known[reference.id] else {
            report(reference.path, .unknownReference, "no item has the id \"\(reference.id)\"")
            return nil
        }
        return item
    }

    private mutating func checkUnique(_ references: [Reference], _ what: String) {
        var first: [String: String] = [:]
        for reference in references {
            if let earlier = first[reference.id] {
                report(reference.path, .duplicateID, "duplicate \(what) \"\(reference.id)\", first used at \(earlier)")
            } else {
                first[reference.id] = reference.path
            }
        }
    }
}
