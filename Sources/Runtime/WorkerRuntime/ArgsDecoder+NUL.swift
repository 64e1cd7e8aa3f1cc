import Wire

extension ArgsDecoder {
    /// Refuses arguments with U+0000 in a string or a member name: PostgreSQL cannot hold it in text (the write or
    /// the lookup failed as an internal storage error), SQLite would keep it where PostgreSQL cannot, and no argument
    /// has a use for it.
    /// - Throws: `invalid_argument` naming the first such field.
    static func refuseNUL(_ args: JSONValue) throws {
        guard let field = fieldWithNUL(in: args, at: "") else { return }
        throw WireError(.invalidArgument, "\(field) may not contain U+0000", field: field)
    }

    private static func fieldWithNUL(in value: JSONValue, at path: String) -> String? {
        switch value {
        case .string(let text):
            return text.utf8.contains(0) ? (path.isEmpty ? "args" : path) : nil
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let field = fieldWithNUL(in: item, at: "\(path)[\(index)]") { return field }
            }
        case .object(let object):
            for (key, member) in object.members {
                let at = path.isEmpty ? key : "\(path).\(key)"
                if key.utf8.contains(0) { return at }
                if let field = fieldWithNUL(in: member, at: at) { return field }
            }
        default:
            break
        }
        return nil
    }
}
