import Wire

// A settle-up plan of a long-lived household carries hundreds of reasons; writing them without `Codable` keeps
// `settle.suggest` within its budget (docs/performance.md, "Ledger"). Members are written in sorted key order.

extension SettlePlanView: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.object { members in
            members.member("methods", SortedStrings(methods))
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

/// A string-to-string object written with its keys in UTF-8 byte order.
private struct SortedStrings: JSONWritable {
    let values: [String: String]

    init(_ values: [String: String]) { self.values = values }

    func encode(to encoder: any Encoder) throws {
        try values.encode(to: encoder)
    }

    func writeJSON(to writer: inout JSONWriter) {
        writer.object { members in
            for (key, value) in values.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                members.member(key, value)
            }
        }
    }
}
