extension JSONSchema {
    /// Where a schema written by hand no longer describes its type, given the type's derived schema: a member of
    /// the type missing from the schema, a member of the schema the type does not have, or a member the type
    /// requires that the schema leaves optional. Empty when they agree.
    ///
    /// Members are compared through nested objects, array items and map values. A schema's members include those
    /// of its `oneOf`, `anyOf` and `allOf` branches.
    /// - Parameters:
    ///   - written: the schema written by hand.
    ///   - derived: ``derived(from:)`` of the type it describes.
    ///   - path: where the two sit, for the messages.
    public static func drift(written: JSONValue, derived: JSONValue, path: String = "") -> [String] {
        var problems: [String] = []
        let writtenMembers = members(written)
        let derivedMembers = members(derived)
        if !writtenMembers.isEmpty || !derivedMembers.isEmpty {
            let writtenNames = Set(writtenMembers.map(\.key))
            let derivedNames = Set(derivedMembers.map(\.key))
            let writtenRequired = required(written)
            for (name, schema) in derivedMembers {
                let at = path.isEmpty ? name : "\(path).\(name)"
                guard writtenNames.contains(name) else {
                    problems.append("\(at): a field of the type that the schema lacks")
                    continue
                }
                if required(derived).contains(name), !writtenRequired.contains(name) {
                    problems.append("\(at): required by the type, optional in the schema")
                }
                let writtenSchema = writtenMembers.first { $0.key == name }!.value
                problems += drift(written: writtenSchema, derived: schema, path: at)
            }
            for name in writtenMembers.map(\.key) where !derivedNames.contains(name) {
                problems.append("\(path.isEmpty ? name : "\(path).\(name)"): in the schema, not a field of the type")
            }
        }
        if let writtenItems = written["items"], let derivedItems = derived["items"] {
            problems += drift(written: writtenItems, derived: derivedItems, path: path + "[]")
        }
        if let writtenValues = written["additionalProperties"], writtenValues.objectValue != nil,
            let derivedValues = derived["additionalProperties"]
        {
            problems += drift(written: writtenValues, derived: derivedValues, path: path + "{}")
        }
        return problems
    }

    /// The schema's named members with their schemas, its branches' included, first occurrence kept.
    private static func members(_ schema: JSONValue) -> [(key: String, value: JSONValue)] {
        var found = schema["properties"]?.objectValue?.members ?? []
        for branch in branches(schema) {
            for member in members(branch) where !found.contains(where: { $0.key == member.key }) {
                found.append(member)
            }
        }
        return found
    }

    /// The names the schema requires: its own, and those every `oneOf`/`anyOf` branch and any `allOf` branch
    /// requires.
    private static func required(_ schema: JSONValue) -> Set<String> {
        var names = Set(schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        for branch in schema["allOf"]?.arrayValue ?? [] { names.formUnion(required(branch)) }
        for key in ["oneOf", "anyOf"] {
            guard let alternatives = schema[key]?.arrayValue, let first = alternatives.first else { continue }
            names.formUnion(alternatives.dropFirst().reduce(required(first)) { $0.intersection(required($1)) })
        }
        return names
    }

    private static func branches(_ schema: JSONValue) -> [JSONValue] {
        ["oneOf", "anyOf", "allOf"].flatMap { schema[$0]?.arrayValue ?? [] }
    }
}
