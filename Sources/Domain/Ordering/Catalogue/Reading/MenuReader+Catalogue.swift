extension MenuReader {
    /// Reads the whole file and cross-checks it; the catalogue is built only when no problem was found.
    mutating func catalogue(from json: JSONValue) -> Catalogue? {
        let keys = ["restaurant", "items", "groups", "sales", "vouchers"]
        guard let root = object(json, at: "", keys: keys) else { return nil }
        let restaurantObject = value("restaurant", in: root).flatMap {
            object($0, at: "restaurant", keys: ["name", "currency", "minorDigits"])
        }
        let restaurant = restaurantObject.flatMap { self.restaurant(from: $0) }
        let items = objects("items", in: root, keys: ItemEntry.keys, required: true).map { item(from: $0) }
        let groups = objects("groups", in: root, keys: GroupEntry.keys, required: true).map { group(from: $0) }
        let sales = objects("sales", in: root, keys: SaleEntry.keys, required: false).map { sale(from: $0) }
        let vouchers = objects("vouchers", in: root, keys: VoucherEntry.keys, required: false).map { voucher(from: $0) }
        checkReferences(items: items, groups: groups, sales: sales, vouchers: vouchers)
        guard let restaurant, problems.isEmpty else { return nil }
        return Catalogue(
            restaurant: restaurant,
            items: items.compactMap(\.item),
            groups: groups.compactMap(\.group),
            sales: sales.compactMap(\.sale),
            vouchers: vouchers.compactMap(\.voucher)
        )
    }

    private mutating func value(_ key: String, in root: JSONObject) -> JSONValue? {
        guard let value = root.fields[key] else {
            report(key, .missingField, "is required")
            return nil
        }
        return value
    }

    private mutating func restaurant(from object: JSONObject) -> Restaurant? {
        let name = string("name", in: object)
        let currency = string("currency", in: object)
        if let currency, currency.count != 3 || !currency.allSatisfy({ $0.isASCII && $0.isUppercase }) {
            report(object.path("currency"), .invalidValue, "must be an ISO 4217 code like \"CAD\", not \"\(currency)\"")
        }
        let minorDigits = count("minorDigits", in: object, range: 0...4) ?? 2
        digits = minorDigits
        guard let name, let currency else { return nil }
        return Restaurant(name: name, currency: currency, minorDigits: minorDigits)
    }
}
