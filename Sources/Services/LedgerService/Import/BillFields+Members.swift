import LedgerAPI

extension BillFields {
    /// The fields with every member named in them (`paidBy`, `payers`, and the split's `among`, `amounts`, `shares`,
    /// `percents` and items) renamed by `ids`; a name `ids` lacks stays as it is.
    func renamingMembers(_ ids: [String: String]) -> BillFields {
        func id(_ name: String) -> String { ids[name] ?? name }
        func keys<Value>(_ members: [String: Value]?) -> [String: Value]? {
            members.map { Dictionary($0.map { (id($0.key), $0.value) }, uniquingKeysWith: { first, _ in first }) }
        }
        var fields = self
        fields.paidBy = paidBy.map(id)
        fields.payers = keys(payers)
        fields.split?.among = split?.among?.map(id)
        fields.split?.amounts = keys(split?.amounts)
        fields.split?.shares = keys(split?.shares)
        fields.split?.percents = keys(split?.percents)
        fields.split?.items = split?.items?.map { item in
            var renamed = item
            renamed.among = item.among.map(id)
            return renamed
        }
        return fields
    }
}
