import Wire

// A bill is written twice a `bills.add`, as the reply and as its activity entry; writing it without `Codable` takes
// the encoder's containers and boxes out of both (decision 0126). Members are written in sorted key order,
// and a `nil` one is left out, as `JSONCoding` writes any `Encodable`.

extension BillView: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { members in
            members.member("amount", amount)
            members.member("billId", billId)
            members.member("category", category)
            members.member("createdBy", createdBy)
            members.member("currency", currency)
            members.member("date", date)
            members.member("description", description)
            members.member("householdId", householdId)
            members.member("payers", payers)
            members.member("recurringId", recurringId)
            members.member("shares", shares)
            members.member("split", split)
            if let value { members.member("value", value) }
            members.member("version", version)
        }
    }
}

extension MemberAmount: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { members in
            members.member("amount", amount)
            members.member("userId", userId)
        }
    }
}

extension SplitSpec: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { members in
            if let among { members.member("among", among) }
            if let amounts { members.member("amounts", sorting: amounts) { $0.member($1, $2) } }
            if let items { members.member("items", items) }
            members.member("kind", kind)
            if let percents { members.member("percents", sorting: percents) { $0.member($1, $2.text) } }
            if let shares { members.member("shares", sorting: shares) { $0.member($1, $2) } }
            members.member("tax", tax)
            members.member("tip", tip)
        }
    }
}

extension SplitItem: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { members in
            members.member("among", among)
            members.member("amount", amount)
            members.member("description", description)
        }
    }
}

extension EntryValueView: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { members in
            members.member("amount", amount)
            members.member("currency", currency)
            members.member("rate", rate)
            members.member("rateDate", rateDate)
            members.member("source", source)
        }
    }
}
