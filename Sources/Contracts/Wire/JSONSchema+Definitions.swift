extension JSONSchema {
    /// The `$ref` of the definition `name` of a service's `ops` listing.
    public static func definitionReference(_ name: String) -> String { "#/$defs/\(name)" }

    /// The definitions of a set of schemas: every subschema with a `title` (the schema of a ``JSONSchemaEntity``, or
    /// one written with a title) is taken out once, under its title, and replaced by a `$ref` to it wherever it
    /// appears.
    public struct Definitions: Sendable {
        /// The definitions, by title.
        public private(set) var schemas: [String: JSONValue] = [:]
        /// Titles that stand for two different schemas; each occurrence but the first stays where it is.
        public private(set) var conflicts: [String] = []

        public init() {}

        /// `schema` with its titled subschemas (itself too) replaced by references to ``schemas``.
        public mutating func hoist(_ schema: JSONValue) -> JSONValue {
            guard case .object(let object) = schema else { return schema }
            let members = object.members.map { member -> (String, JSONValue) in
                (member.key, hoistChildren(of: member.key, member.value))
            }
            let hoisted = JSONValue.object(JSONObject(members))
            guard let title = object["title"]?.stringValue else { return hoisted }
            if let existing = schemas[title], existing != hoisted {
                if !conflicts.contains(title) { conflicts.append(title) }
                return hoisted
            }
            schemas[title] = hoisted
            return ["$ref": .string(JSONSchema.definitionReference(title))]
        }

        /// The subschemas under keyword `keyword`, hoisted; other keywords' values (`enum`, `default`) as they are.
        private mutating func hoistChildren(of keyword: String, _ value: JSONValue) -> JSONValue {
            JSONSchema.mapSubschemas(of: keyword, value) { hoist($0) }
        }
    }
}
