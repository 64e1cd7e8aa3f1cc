import Money

extension VoucherEntry {
    static let keys = [
        "code", "description", "percent", "amount", "scope", "minSpend", "minQuantity", "startsAt", "endsAt",
        "maxDiscount", "usageLimit", "perCustomerLimit", "stackable", "visibility",
    ]
}

extension MenuReader {
    /// Reads one voucher: `{"code", "percent" | "amount", "scope": "order" | {"groups": [...]} | {"items": [...]},
    /// "minSpend"?, "minQuantity"?, "startsAt"?, "endsAt"?, "maxDiscount"?, "usageLimit"?, "perCustomerLimit"?,
    /// "stackable"?, "visibility"?}`.
    mutating func voucher(from object: JSONObject) -> VoucherEntry {
        let code = string("code", in: object).map(Voucher.normalize)
        if let code, code.contains(where: \.isWhitespace) {
            report(object.path("code"), .invalidValue, "must not contain spaces")
        }
        _ = string("description", in: object, required: false)
        let value = voucherValue(in: object)
        let (scope, groups, items) = voucherScope(in: object)
        let minSpend = amount("minSpend", in: object, required: false)
        let minQuantity = count("minQuantity", in: object, range: 1...999)
        let startsAt = date("startsAt", in: object)
        let endsAt = date("endsAt", in: object)
        if let startsAt, let endsAt, endsAt <= startsAt {
            report(object.path("endsAt"), .invalidValue, "must be after startsAt")
        }
        let maxDiscount = amount("maxDiscount", in: object, required: false, positive: true)
        if maxDiscount != nil, case .fixed? = value {
            report(object.path("maxDiscount"), .invalidValue, "only a percent voucher has a maxDiscount")
        }
        let usageLimit = count("usageLimit", in: object, range: 1...Int(Int32.max))
        let perCustomerLimit = count("perCustomerLimit", in: object, range: 1...Int(Int32.max))
        let stackable = bool("stackable", in: object) ?? false
        let visibility = choice("visibility", in: object, from: ["public", "private"], required: false)
            .flatMap(Voucher.Visibility.init(rawValue:))
        var voucher: Voucher?
        if let code, let value, let scope {
            voucher = Voucher(
                code: code,
                value: value,
                scope: scope,
                minSpend: minSpend,
                minQuantity: minQuantity,
                startsAt: startsAt,
                endsAt: endsAt,
                maxDiscount: maxDiscount,
                usageLimit: usageLimit,
                perCustomerLimit: perCustomerLimit,
                stackable: stackable,
                visibility: visibility ?? .private
            )
        }
        return VoucherEntry(
            code: code.map { Reference(path: object.path("code"), id: $0) },
            groups: groups,
            items: items,
            voucher: voucher
        )
    }

    /// Exactly one of `"percent"` (up to 2 decimals, above 0 and at most 100) or `"amount"`.
    private mutating func voucherValue(in object: JSONObject) -> Voucher.Value? {
        switch (object.fields["percent"], object.fields["amount"]) {
        case (nil, nil):
            report(object.path, .missingField, "needs a percent or an amount")
            return nil
        case (.some, .some):
            report(object.path, .invalidValue, "give a percent or an amount, not both")
            return nil
        case (nil, .some):
            return amount("amount", in: object, required: true, positive: true).map(Voucher.Value.fixed)
        case (.some(let value), nil):
            guard case .string(let text) = value, let basisPoints = MinorUnits.parse(text, digits: 2),
                (1...10_000).contains(basisPoints)
            else {
                report(
                    object.path("percent"),
                    .invalidValue,
                    "must be a percentage above 0 and at most 100 with up to 2 decimals, like \"12.5\", "
                        + "not \(value.shown)"
                )
                return nil
            }
            return .percent(basisPoints: basisPoints)
        }
    }

    /// `"order"`, `{"groups": [ids]}` or `{"items": [ids]}`, with the references to check.
    private mutating func voucherScope(in object: JSONObject) -> (Voucher.Scope?, [Reference], [Reference]) {
        guard let value = object.fields["scope"] else {
            report(object.path("scope"), .missingField, "is required")
            return (nil, [], [])
        }
        if value == .string("order") { return (.order, [], []) }
        let message = "must be \"order\", {\"groups\": [ids]} or {\"items\": [ids]}, not \(value.shown)"
        guard case .object(let fields) = value, fields.count == 1, let key = fields.keys.first,
            key == "groups" || key == "items"
        else {
            report(object.path("scope"), .invalidValue, message)
            return (nil, [], [])
        }
        let scope = JSONObject(path: object.path("scope"), fields: fields)
        guard let references = strings(key, in: scope, required: true)?.map({ Reference(path: $0.path, id: $0.text) })
        else { return (nil, [], []) }
        let ids = references.map(\.id)
        return key == "groups" ? (.groups(ids), references, []) : (.items(ids), [], references)
    }
}
