import Wire

// A settle-up plan of a long-lived household carries hundreds of reasons; writing them without `Codable` keeps
// `settle.suggest` within its budget (docs/performance.md, "Ledger"). Members are written in sorted key order.

extension SettlePlanView: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { members in
            members.member("methods", sorting: methods) { $0.member($1, $2) }
            members.member("transfers", transfers)
        }
    }
}

extension TransferView: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { members in
            members.member("amount", amount)
            members.member("because", because)
            members.member("currency", currency)
            members.member("from", from)
            members.member("to", to)
        }
    }
}

extension ReasonView: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { members in
            members.member("amount", amount)
            members.member("date", date)
            members.member("description", description)
            members.member("id", id)
            members.member("kind", kind)
        }
    }
}
