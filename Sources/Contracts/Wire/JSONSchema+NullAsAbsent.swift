extension JSONSchema {
    /// `schema` stating that an optional member may be `null`, which ``JSONValueDecoder`` takes as absent (as
    /// Foundation's decoder does): every member an object schema does not require gets `null` in its `type` (and in
    /// its `enum`), or a `{"type": "null"}` branch in its `anyOf`. A titled member (an entity, published once under
    /// its name and required elsewhere) is left as it is.
    public static func statingNullAsAbsent(_ schema: JSONValue) -> JSONValue {
        transformingEverySubschema(schema) { subschema in
            guard case .object(var object) = subschema, let properties = object["properties"]?.objectValue else {
                return subschema
            }
            let required = Set(object["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            object["properties"] = .object(
                JSONObject(
                    properties.members.map { name, member in
                        (name, required.contains(name) ? member : nullable(member))
                    }
                )
            )
            return .object(object)
        }
    }

    /// `schema` without the `null` ``statingNullAsAbsent(_:)`` gave it: the schema of a query parameter, since a query
    /// cannot say `null` (a member left out is absent).
    public static func withoutNull(_ schema: JSONValue) -> JSONValue {
        guard case .object(var object) = schema else { return schema }
        if let types = object["type"]?.arrayValue, types.contains("null") {
            let rest = types.filter { $0 != "null" }
            object["type"] = rest.count == 1 ? rest[0] : .array(rest)
        }
        if let values = object["enum"]?.arrayValue { object["enum"] = .array(values.filter { $0 != .null }) }
        if let branches = object["anyOf"]?.arrayValue {
            object["anyOf"] = .array(branches.filter { $0 != ["type": "null"] })
        }
        return .object(object)
    }

    /// `member` taking `null` too, when its schema can say so without changing its shape.
    private static func nullable(_ member: JSONValue) -> JSONValue {
        guard case .object(var object) = member, object["title"] == nil, object["const"] == nil else { return member }
        if let type = object["type"] {
            let types = type.arrayValue ?? [type]
            guard !types.contains("null") else { return member }
            object["type"] = .array(types + ["null"])
            if let values = object["enum"]?.arrayValue, !values.contains(.null) {
                object["enum"] = .array(values + [.null])
            }
        } else if let branches = object["anyOf"]?.arrayValue {
            object["anyOf"] = .array(branches + [["type": "null"]])
        }
        return .object(object)
    }
}
