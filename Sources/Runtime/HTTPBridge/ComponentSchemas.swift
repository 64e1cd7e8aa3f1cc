import Wire

/// The named entities of every service's `ops` listing as OpenAPI `components.schemas`: one entry per entity, so a
/// generated SDK has one type for it. Two services that define the same name alike share the entry; a name two
/// services define differently is taken by the first, and the other's becomes `ServiceName` (`OrdersDone`). The
/// schemas of a service's operations are then pointed at its entries (``pointing(_:_:)``).
struct ComponentSchemas {
    /// The entries in the order the listings brought them.
    private(set) var schemas: [(String, JSONValue)] = []
    private var byName: [String: JSONValue] = [:]

    /// Adds `listing`'s definitions, and returns the component name of each: its own, or its prefixed one.
    mutating func add(_ listing: OpsListing) -> [String: String] {
        let definitions = (listing.definitions ?? [:]).sorted { $0.key < $1.key }
        var names: [String: String] = [:]
        for (name, schema) in definitions {
            let taken = byName[name].map { $0 != schema } ?? false  // by another service's different schema
            names[name] = taken ? Self.prefixed(name, listing.service) : name
        }
        for (name, schema) in definitions {
            guard let component = names[name], byName[component] == nil else { continue }
            byName[component] = schema
            schemas.append((component, Self.pointing(schema, names)))
        }
        return names
    }

    private static func prefixed(_ name: String, _ service: String) -> String {
        service.prefix(1).uppercased() + service.dropFirst() + name
    }

    /// `schema` with each `$ref` to a listing's definition (`#/$defs/NAME`) pointing at its component.
    static func pointing(_ schema: JSONValue, _ names: [String: String]) -> JSONValue {
        switch schema {
        case .object(let object):
            return .object(
                JSONObject(
                    object.members.map { key, value in
                        let prefix = JSONSchema.definitionReference("")
                        if key == "$ref", let reference = value.stringValue, reference.hasPrefix(prefix),
                            let name = names[String(reference.dropFirst(prefix.count))]
                        {
                            return (key, .string("#/components/schemas/\(name)"))
                        }
                        return (key, pointing(value, names))
                    }
                )
            )
        case .array(let list): return .array(list.map { pointing($0, names) })
        default: return schema
        }
    }
}
