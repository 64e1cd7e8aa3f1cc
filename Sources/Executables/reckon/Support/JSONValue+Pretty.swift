import Wire

extension JSONValue {
    /// Indented JSON for people, two spaces a level.
    var prettyText: String {
        var output = ""
        writePretty(to: &output, indent: "")
        return output
    }

    /// The value as a short string for a table cell: strings unquoted, numbers as written, the rest as JSON.
    var cellText: String {
        switch self {
        case .string(let text): text
        case .number(let text): text
        case .null: ""
        default: jsonText
        }
    }

    private func writePretty(to output: inout String, indent: String) {
        let inner = indent + "  "
        switch self {
        case .array(let elements) where !elements.isEmpty:
            output += "[\n"
            for (position, element) in elements.enumerated() {
                output += inner
                element.writePretty(to: &output, indent: inner)
                output += position == elements.count - 1 ? "\n" : ",\n"
            }
            output += indent + "]"
        case .object(let object) where !object.members.isEmpty:
            output += "{\n"
            for (position, member) in object.members.enumerated() {
                output += inner + JSONValue.string(member.key).jsonText + ": "
                member.value.writePretty(to: &output, indent: inner)
                output += position == object.members.count - 1 ? "\n" : ",\n"
            }
            output += indent + "}"
        default:
            output += jsonText
        }
    }
}
