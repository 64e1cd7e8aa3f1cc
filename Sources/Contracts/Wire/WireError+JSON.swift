extension WireError {
    /// Reads an error object from a reply (`{"code","message","field"?,"details"?,"retryAfterSeconds"?}`),
    /// tolerating unknown codes.
    public init?(json: JSONValue) {
        guard let code = json["code"]?.stringValue else { return nil }
        let details = json["details"]?.arrayValue?.compactMap { detail -> Detail? in
            guard let field = detail["field"]?.stringValue, let code = detail["code"]?.stringValue else { return nil }
            return Detail(field: field, code: Code(rawValue: code), message: detail["message"]?.stringValue ?? "")
        }
        self.init(
            Code(rawValue: code),
            json["message"]?.stringValue ?? "",
            field: json["field"]?.stringValue,
            details: details,
            retryAfterSeconds: json["retryAfterSeconds"]?.intValue
        )
    }
}

extension JSONValue {
    /// The `result` of a reply envelope, or its `error` thrown.
    /// - Throws: ``WireError`` for `{"ok": false}` replies and for bodies that are no reply envelope.
    public func replyResult() throws -> JSONValue {
        guard case .bool(let ok) = self["ok"] ?? .null else {
            throw WireError(.internal, "reply is not a Reckon reply envelope")
        }
        if ok { return self["result"] ?? .null }
        throw self["error"].flatMap(WireError.init(json:)) ?? WireError(.internal, "failed reply without an error")
    }
}
